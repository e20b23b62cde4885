/** A new trader's first minutes in a real browser: sign up with the emailed code, log in, log out. */
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import { TWO_FACTOR_MSG } from '../../src/shared/api/two-factor.js';
import { enableTotp, nextTotp } from '../helpers/totp.js';
import { call, signUp, uniqueEmail } from '../helpers/users.js';
import { localStorageOf } from './helpers/browser.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, logInThroughUi } from './helpers/ui.js';

const suite = webAppSuite();

describe('a new trader', () => {
  it('signs up with the emailed code, logs in, sees home, opens the drawer and logs out', async () => {
    const { page, context, errors } = await suite.phone();
    const email = uniqueEmail('e2e');
    const password = 'a strong password 1';

    await page.goto('/signup?code=PROMO123');
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Email').fill(email);
    await next.click();

    await page.getByText(MSG.otpSent).waitFor();
    const signUpButton = page.getByRole('button', { name: 'Sign up' });
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(email));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await expect(signUpButton.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Confirm password').fill(`${password}x`);
    await signUpButton.click();
    await page.getByText(MSG.passwordsDoNotMatch).waitFor();

    await page.getByLabel('Confirm password').fill(password);
    await signUpButton.click();
    await page.getByText('Account created successfully').waitFor();
    await expectPath(page, '/login');

    await logInThroughUi(page, { email, password });
    await expectPath(page, '/home');
    const stored = await localStorageOf(page);
    expect(JSON.parse(stored.user!)).toMatchObject({ email, is_admin: false });
    await page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[aria-current="page"]', { hasText: 'Home' })
      .waitFor();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Ada Lovelace').waitFor();
    await drawer.getByText('Unverified').waitFor();
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/login');
    expect(await localStorageOf(page)).toEqual({});

    // The old token no longer opens pages: the guard sends the visitor back to /login.
    await page.goto('/home');
    await expectPath(page, '/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    const user = await signUp(suite.app);
    const { page, context } = await suite.phone();
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText(MSG.loginFailed).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('resets a forgotten password through the code sheet', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await suite.phone();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(MSG.enterEmail).waitFor();

    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    const sheet = page.getByRole('dialog', { name: 'Set a new password' });
    await sheet.getByRole('button', { name: 'Reset password' }).click();
    await sheet.getByText(MSG.enterOtpAndPassword).waitFor();

    await sheet.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await sheet.getByLabel('New password', { exact: true }).fill('my new password 2');
    await sheet.getByRole('button', { name: 'Reset password' }).click();
    await expectPath(page, '/login');
    await page.getByText(MSG.passwordUpdated).waitFor();

    await logInThroughUi(page, { email: user.email, password: 'my new password 2' });
    await expectPath(page, '/home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with 2FA on, the reset sheet asks for the authenticator code too (docs/decisions/0045)', async () => {
    const user = await signUp(suite.app);
    const { secret } = await enableTotp(suite.app, user);
    const { page, context } = await suite.phone();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    // The mailbox already holds the code that enabled 2FA: wait for the reset mail itself.
    const setupCode = suite.app.mailbox.lastCode(user.email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await vi.waitFor(() => expect(suite.app.mailbox.lastCode(user.email)).not.toBe(setupCode));
    const sheet = page.getByRole('dialog', { name: 'Set a new password' });
    await sheet.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await sheet.getByLabel('New password', { exact: true }).fill('my new password 4');
    await sheet.getByRole('button', { name: 'Reset password' }).click();
    await sheet.getByText(TWO_FACTOR_MSG.resetNeedsSecondFactor).waitFor();
    // The mailbox alone changed nothing: the old password still signs in (to the second step).
    expect(
      (await call(suite.app, 'POST', '/api-v1/login/', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(200);

    await sheet.getByLabel('Authentication code').fill(nextTotp(suite.app, secret));
    await sheet.getByRole('button', { name: 'Reset password' }).click();
    await expectPath(page, '/login');
    await page.getByText(MSG.passwordUpdated).waitFor();
    expect((await call(suite.app, 'GET', '/api-v1/info/', { token: user.token })).status).toBe(401);
    await context.close();
  });

  it('changes the login password with an emailed code and stays logged in', async () => {
    const user = await signUp(suite.app);
    const { page, context, errors } = await suite.phone();
    await logInThroughUi(page, user);
    const tokenBefore = (await localStorageOf(page)).token;

    await page.goto('/safety-center');
    await page.getByRole('link', { name: /Login password/ }).click();
    await expectPath(page, '/safety/login-password');
    await page.getByLabel('New password', { exact: true }).fill('another password 3');
    await page.getByLabel('Confirm password').fill('another password 3');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(MSG.enterOtp).waitFor();

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('button', { name: MSG.otpSentLabel }).waitFor();
    await page.getByLabel('Verification code').fill(suite.app.mailbox.lastCode(user.email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(MSG.passwordUpdated).waitFor();
    await expectPath(page, '/safety-center');

    const tokenAfter = (await localStorageOf(page)).token;
    expect(tokenAfter).toBeTruthy();
    expect(tokenAfter).not.toBe(tokenBefore);
    // The fresh token still works: a page that calls the API does not bounce to /login.
    await page.reload();
    await page.getByRole('link', { name: /Transaction password/ }).waitFor();
    await page.getByText('Not set yet').waitFor();
    expect(new URL(page.url()).pathname).toBe('/safety-center');
    expect(errors).toEqual([]);
    await context.close();
  });
});
