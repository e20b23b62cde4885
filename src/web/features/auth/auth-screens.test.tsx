/** The account screens against a faked API: docs/product.md sections 4, 5 and 8 rules, as a user meets them. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { TWO_FACTOR_MSG } from '../../../shared/api/two-factor';
import { MSG } from '../../../shared/messages';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { SignupPage } from './SignupPage';

let api: FakeApi;
/** What the screens sent: the address and the body. */
const calls = () => api.calls.map(({ url, body }) => ({ url, body }));

beforeEach(() => {
  api = installFakeApi();
});
afterEach(resetScreenTest);

function show(element: ReactElement, at: string) {
  return renderScreen(element, {
    path: at.split('?')[0]!,
    url: at,
    previous: null,
    routes: { '/login': <p>the login page</p>, '/': <p>the landing page</p> },
  }).router;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** The user a login answers with. */
const signedInUser = (user_id: number) => ({
  user_id,
  username: 'A B',
  email: 'ada@example.com',
  first_name: 'A',
  last_name: 'B',
  uniqueid: '12345678',
  is_admin: false,
  is_verified: 'unverified',
});
const jwt = `x.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.y`;

describe('login with two-factor authentication', () => {
  const user = signedInUser(2);

  async function passwordStep() {
    api.on('/api-v1/login/', () => [200, { two_factor_required: true, ticket: 'T1cket', methods: ['totp'] }]);
    const router = show(<LoginPage />, '/login');
    type('Email', 'ada@example.com');
    type(/^Password$/, 'secret words');
    fireEvent.click(button('Log in'));
    await screen.findByLabelText('Authentication code');
    return router;
  }

  it('asks for the code after the password, stores nothing until the code is right, then signs in', async () => {
    const router = await passwordStep();
    expect(localStorage.getItem('token')).toBeNull();
    api.on('/api-v1/login/2fa/', () => [400, { error: TWO_FACTOR_MSG.wrongCode }]);
    type('Authentication code', '111111');
    fireEvent.click(button('Verify'));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MSG.wrongCode);
    expect(localStorage.getItem('token')).toBeNull();

    api.on('/api-v1/login/2fa/', () => [200, { access: jwt, user }]);
    type('Authentication code', ' 222222 ');
    fireEvent.click(button('Verify'));
    await screen.findByText('the landing page');
    expect(calls().slice(1)).toEqual([
      { url: '/api-v1/login/2fa/', body: { ticket: 'T1cket', code: '111111' } },
      { url: '/api-v1/login/2fa/', body: { ticket: 'T1cket', code: '222222' } },
    ]);
    expect(localStorage.getItem('token')).toBe(jwt);
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for a code before calling the server, and goes back to the password step', async () => {
    await passwordStep();
    fireEvent.click(button('Verify'));
    expect(await screen.findByText(TWO_FACTOR_MSG.enterCode)).toBeTruthy();
    expect(calls().map((c) => c.url)).toEqual(['/api-v1/login/']);
    fireEvent.click(button('Back to log in'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

describe('login', () => {
  it('checks both fields before calling the server', async () => {
    show(<LoginPage />, '/login');
    fireEvent.click(button('Log in'));
    // The form's schema loads on demand (zod is not part of /login's first paint).
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Email', 'not an email');
    fireEvent.click(button('Log in'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls()).toEqual([]);
  });

  it("shows 'Invalid email or password' when the server gives no message", async () => {
    api.on('/api-v1/login/', () => [401, {}]);
    show(<LoginPage />, '/login');
    type('Email', 'ada@example.com');
    type(/^Password$/, 'whatever');
    fireEvent.click(button('Log in'));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);
  });

  it('stores the token and the user and goes to /', async () => {
    const user = signedInUser(1);
    api.on('/api-v1/login/', () => [200, { access: jwt, user }]);
    const router = show(<LoginPage />, '/login');
    type('Email', ' Ada@Example.com ');
    type(/^Password$/, 'secret words');
    fireEvent.click(button('Log in'));
    await screen.findByText('the landing page');
    expect(calls()[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret words' });
    expect(localStorage.getItem('token')).toBe(jwt);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('signup', () => {
  it('keeps Next disabled without an email and moves to step 2 once the code is sent', async () => {
    api.on('/api-v1/signup-email-otp/', () => [200, { message: MSG.otpSent }]);
    show(<SignupPage />, '/signup');
    expect(screen.getByText(/cannot be modified after registration/)).toBeTruthy();
    expect(button('Next').hasAttribute('disabled')).toBe(true);
    type('Email', 'Grace@Example.com');
    fireEvent.click(button('Next'));
    await screen.findByLabelText('First name');
    expect(calls()).toEqual([{ url: '/api-v1/signup-email-otp/', body: { email: 'grace@example.com' } }]);
    expect(screen.getByText(MSG.otpSent)).toBeTruthy();
  });

  it("shows the server's reason when the code cannot be sent, else 'Failed to send OTP'", async () => {
    api.on('/api-v1/signup-email-otp/', () => [409, { error: 'An account with this email already exists' }]);
    show(<SignupPage />, '/signup');
    type('Email', 'taken@example.com');
    fireEvent.click(button('Next'));
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists');
    api.on('/api-v1/signup-email-otp/', () => [500, {}]);
    fireEvent.click(button('Next'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MSG.sendOtpFailed));
  });

  it('needs every field, refuses different passwords, sends the promotion code, then goes to /login after 2 s', async () => {
    api.on('/api-v1/signup-email-otp/', () => [200, { message: MSG.otpSent }]);
    api.on('/api-v1/signup/', () => [201, { message: 'Account created successfully! Redirecting to login...' }]);
    const router = show(<SignupPage />, '/signup?code=FRIEND42');
    type('Email', 'grace@example.com');
    fireEvent.click(button('Next'));
    await screen.findByLabelText('First name');

    const signUp = button('Sign up');
    type('First name', 'Grace');
    type('Last name', 'Hopper');
    type('Verification code', '123456');
    type(/^Password$/, 'long enough 1');
    expect(signUp.hasAttribute('disabled')).toBe(true);
    type('Confirm password', 'long enough 2');
    expect(signUp.hasAttribute('disabled')).toBe(false);
    fireEvent.click(signUp);
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(calls().map((c) => c.url)).not.toContain('/api-v1/signup/');

    type('Confirm password', 'long enough 1');
    fireEvent.click(signUp);
    await screen.findByText('Account created successfully! Redirecting to login...');
    expect(calls().at(-1)).toEqual({
      url: '/api-v1/signup/',
      body: {
        email: 'grace@example.com',
        first_name: 'Grace',
        last_name: 'Hopper',
        otp: '123456',
        password: 'long enough 1',
        referral_code: 'FRIEND42',
      },
    });
    expect(router.state.location.pathname).toBe('/signup');
    await screen.findByText('the login page', undefined, { timeout: 3000 });
    // The login form opens with the new account's email in it (docs/decisions/0063-demo-accounts.md).
    expect(router.state.location.state).toEqual({ email: 'grace@example.com' });
  });

  it('opens /login with the email sign-up handed over', async () => {
    const { router } = renderScreen(<p>signed up</p>, {
      path: '/signup',
      previous: null,
      routes: { '/login': <LoginPage /> },
    });
    await act(() => router.navigate('/login', { state: { email: 'grace@example.com' } }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('grace@example.com');
  });

  it('goes back one step with the back arrow, keeping the email', async () => {
    api.on('/api-v1/signup-email-otp/', () => [200, { message: MSG.otpSent }]);
    show(<SignupPage />, '/signup');
    type('Email', 'grace@example.com');
    fireEvent.click(button('Next'));
    await screen.findByLabelText('First name');
    fireEvent.click(button('Back'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  });
});

describe('forgot password', () => {
  it('asks for the email, then takes the code and new password in a sheet and goes to /login', async () => {
    api.on('/api-v1/forgot-password/', () => [200, { message: 'sent' }]);
    api.on('/api-v1/reset-password/', () => [200, { message: MSG.passwordUpdated }]);
    show(<ForgotPasswordPage />, '/forgot-password');
    fireEvent.click(button('Send code'));
    expect(screen.getByText(MSG.enterEmail)).toBeTruthy();

    type('Email', 'ada@example.com');
    fireEvent.click(button('Send code'));
    const sheet = await screen.findByRole('dialog', { name: 'Set a new password' });
    expect(sheet).toBeTruthy();
    fireEvent.click(button('Reset password'));
    expect(screen.getByText(MSG.enterOtpAndPassword)).toBeTruthy();

    type('Verification code', '654321');
    type('New password', 'a new password');
    fireEvent.click(button('Reset password'));
    await screen.findByText('the login page');
    expect(calls().at(-1)).toEqual({
      url: '/api-v1/reset-password/',
      body: { email: 'ada@example.com', otp: '654321', password: 'a new password' },
    });
  });

  it('with 2FA on, asks for the authenticator or recovery code and sends it with the same emailed code', async () => {
    api.on('/api-v1/forgot-password/', () => [200, { message: 'sent' }]);
    let asked = false;
    api.on('/api-v1/reset-password/', () => {
      if (asked) return [200, { message: MSG.passwordUpdated }];
      asked = true;
      return [
        400,
        {
          error: TWO_FACTOR_MSG.resetNeedsSecondFactor,
          fields: { two_factor_code: TWO_FACTOR_MSG.resetNeedsSecondFactor },
        },
      ];
    });
    show(<ForgotPasswordPage />, '/forgot-password');
    type('Email', 'ada@example.com');
    fireEvent.click(button('Send code'));
    await screen.findByRole('dialog', { name: 'Set a new password' });
    type('Verification code', '654321');
    type('New password', 'a new password');
    fireEvent.click(button('Reset password'));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MSG.resetNeedsSecondFactor);
    type('Authentication code', 'abcde-fghjk');
    fireEvent.click(button('Reset password'));
    await screen.findByText('the login page');
    expect(calls().at(-1)).toEqual({
      url: '/api-v1/reset-password/',
      body: { email: 'ada@example.com', otp: '654321', password: 'a new password', two_factor_code: 'abcde-fghjk' },
    });
  });

  it("falls back to docs/product.md's messages when the server gives none", async () => {
    api.on('/api-v1/forgot-password/', () => [500, {}]);
    show(<ForgotPasswordPage />, '/forgot-password');
    type('Email', 'ada@example.com');
    fireEvent.click(button('Send code'));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.forgotFailed);
  });
});
