/** The two password screens against a faked API (docs/product.md sections 4, 5, 8). */
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { MSG } from '../../../shared/messages';
import { LoginPasswordPage } from './LoginPasswordPage';
import { TransactionPasswordPage } from './TransactionPasswordPage';

let api: FakeApi;
/** What the screens sent: the address, the body and the bearer token. */
const calls = () => api.calls.map(({ url, body, headers }) => ({ url, body, authorization: headers.Authorization }));

beforeEach(() => {
  api = installFakeApi();
  localStorage.setItem('token', 'old.token');
});
afterEach(resetScreenTest);

function show(element: ReactElement, path: string) {
  return renderScreen(element, {
    path,
    previous: '/safety-center',
    routes: { '/safety-center': <p>the safety center</p> },
  }).router;
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('login password', () => {
  it("needs matching passwords and the OTP ('Please enter OTP')", () => {
    show(<LoginPasswordPage />, '/safety/login-password');
    type('New password', 'a new password');
    type('Confirm password', 'a new passwort');
    fireEvent.click(button('Confirm'));
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    type('Confirm password', 'a new password');
    fireEvent.click(button('Confirm'));
    expect(screen.getByText(MSG.enterOtp)).toBeTruthy();
    expect(calls()).toEqual([]);
  });

  it("sends the OTP with an empty body and then reads 'OTP Sent'", async () => {
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: MSG.otpSent }]);
    show(<LoginPasswordPage />, '/safety/login-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    expect(screen.getByText(MSG.otpSent)).toBeTruthy();
    expect(calls()).toEqual([
      { url: '/api-v1/transcation-password-otp/', body: {}, authorization: 'Bearer old.token' },
    ]);
  });

  it("shows 'Failed to send OTP' when sending fails without a message", async () => {
    api.on('/api-v1/transcation-password-otp/', () => [500, {}]);
    show(<LoginPasswordPage />, '/safety/login-password');
    fireEvent.click(button('Send OTP'));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.sendOtpFailed);
  });

  it('stores the new token, says so, and goes back after 2 seconds', async () => {
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: MSG.otpSent }]);
    api.on('/api-v1/update-password/', () => [200, { message: MSG.passwordUpdated, access: 'new.token' }]);
    const router = show(<LoginPasswordPage />, '/safety/login-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    type('New password', 'a new password');
    type('Confirm password', 'a new password');
    type('Verification code', '112233');
    fireEvent.click(button('Confirm'));
    await screen.findByText(MSG.passwordUpdated);
    expect(calls().at(-1)).toMatchObject({
      url: '/api-v1/update-password/',
      body: { new_password: 'a new password', otp: '112233' },
    });
    expect(localStorage.getItem('token')).toBe('new.token');
    expect(router.state.location.pathname).toBe('/safety/login-password');
    await screen.findByText('the safety center', undefined, { timeout: 3000 });
  });

  it("shows the server's error, else 'Failed to update password'", async () => {
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: MSG.otpSent }]);
    api.on('/api-v1/update-password/', () => [400, { error: 'Invalid or expired OTP' }]);
    show(<LoginPasswordPage />, '/safety/login-password');
    type('New password', 'a new password');
    type('Confirm password', 'a new password');
    type('Verification code', '000000');
    fireEvent.click(button('Confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired OTP');
    api.on('/api-v1/update-password/', () => [500, {}]);
    fireEvent.click(button('Confirm'));
    await screen.findByText(MSG.updatePasswordFailed);
  });
});

describe('transaction password', () => {
  it('shows the length hint and enables submit only after the OTP is sent', async () => {
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: MSG.otpSent }]);
    show(<TransactionPasswordPage />, '/safety/transaction-password');
    expect(screen.getByText(MSG.transactionPasswordHint)).toBeTruthy();
    expect(button('Confirm').hasAttribute('disabled')).toBe(true);
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    expect(button('Confirm').hasAttribute('disabled')).toBe(false);
  });

  it('refuses a length outside 6-16 and different passwords', async () => {
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: MSG.otpSent }]);
    show(<TransactionPasswordPage />, '/safety/transaction-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    type('Verification code', '123456');
    for (const short of ['12345', '12345678901234567']) {
      type('New transaction password', short);
      type('Confirm password', short);
      fireEvent.click(button('Confirm'));
      expect(screen.getByText(MSG.transactionPasswordLength)).toBeTruthy();
    }
    type('New transaction password', '123456');
    type('Confirm password', '654321');
    fireEvent.click(button('Confirm'));
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(calls().map((c) => c.url)).toEqual(['/api-v1/transcation-password-otp/']);
  });

  it('sets it with the code and shows the answer', async () => {
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: MSG.otpSent }]);
    api.on('/api-v1/set-transcation-password/', () => [200, { message: MSG.passwordUpdated }]);
    show(<TransactionPasswordPage />, '/safety/transaction-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    type('New transaction password', '135790');
    type('Confirm password', '135790');
    type('Verification code', '123456');
    fireEvent.click(button('Confirm'));
    await screen.findByText(MSG.passwordUpdated);
    expect(calls().at(-1)).toMatchObject({
      url: '/api-v1/set-transcation-password/',
      body: { new_password: '135790', otp: '123456' },
    });
  });
});
