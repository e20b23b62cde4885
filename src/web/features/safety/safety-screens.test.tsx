/** The two password screens against a faked API (SPEC.md sections 4, 5, 8). */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages';
import { createQueryClient } from '../../lib/query-client';
import { LoginPasswordPage } from './LoginPasswordPage';
import { TransactionPasswordPage } from './TransactionPasswordPage';

type Handler = (body: unknown, headers: Record<string, string>) => [number, unknown];
let handlers: Record<string, Handler>;
let calls: Array<{ url: string; body: unknown; authorization?: string }>;

beforeEach(() => {
  handlers = {};
  calls = [];
  localStorage.setItem('token', 'old.token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({ url, body, authorization: headers.Authorization });
      const [status, answer] = handlers[url]?.(body, headers) ?? [404, { error: `no fake for ${url}` }];
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function show(element: ReactElement, path: string) {
  const router = createMemoryRouter(
    [
      { path: '/safety-center', element: <p>the safety center</p> },
      { path, element },
    ],
    { initialEntries: ['/safety-center', path], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
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
    expect(calls).toEqual([]);
  });

  it("sends the OTP with an empty body and then reads 'OTP Sent'", async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [200, { message: MSG.otpSent }];
    show(<LoginPasswordPage />, '/safety/login-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    expect(screen.getByText(MSG.otpSent)).toBeTruthy();
    expect(calls).toEqual([{ url: '/api-v1/transcation-password-otp/', body: {}, authorization: 'Bearer old.token' }]);
  });

  it("shows 'Failed to send OTP' when sending fails without a message", async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [500, {}];
    show(<LoginPasswordPage />, '/safety/login-password');
    fireEvent.click(button('Send OTP'));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.sendOtpFailed);
  });

  it('stores the new token, says so, and goes back after 2 seconds', async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [200, { message: MSG.otpSent }];
    handlers['/api-v1/update-password/'] = () => [200, { message: MSG.passwordUpdated, access: 'new.token' }];
    const router = show(<LoginPasswordPage />, '/safety/login-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    type('New password', 'a new password');
    type('Confirm password', 'a new password');
    type('Verification code', '112233');
    fireEvent.click(button('Confirm'));
    await screen.findByText(MSG.passwordUpdated);
    expect(calls.at(-1)).toMatchObject({
      url: '/api-v1/update-password/',
      body: { new_password: 'a new password', otp: '112233' },
    });
    expect(localStorage.getItem('token')).toBe('new.token');
    expect(router.state.location.pathname).toBe('/safety/login-password');
    await screen.findByText('the safety center', undefined, { timeout: 3000 });
  });

  it("shows the server's error, else 'Failed to update password'", async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [200, { message: MSG.otpSent }];
    handlers['/api-v1/update-password/'] = () => [400, { error: 'Invalid or expired OTP' }];
    show(<LoginPasswordPage />, '/safety/login-password');
    type('New password', 'a new password');
    type('Confirm password', 'a new password');
    type('Verification code', '000000');
    fireEvent.click(button('Confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired OTP');
    handlers['/api-v1/update-password/'] = () => [500, {}];
    fireEvent.click(button('Confirm'));
    await screen.findByText(MSG.updatePasswordFailed);
  });
});

describe('transaction password', () => {
  it('shows the length hint and enables submit only after the OTP is sent', async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [200, { message: MSG.otpSent }];
    show(<TransactionPasswordPage />, '/safety/transaction-password');
    expect(screen.getByText(MSG.transactionPasswordHint)).toBeTruthy();
    expect(button('Confirm').hasAttribute('disabled')).toBe(true);
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    expect(button('Confirm').hasAttribute('disabled')).toBe(false);
  });

  it('refuses a length outside 6-16 and different passwords', async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [200, { message: MSG.otpSent }];
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
    expect(calls.map((c) => c.url)).toEqual(['/api-v1/transcation-password-otp/']);
  });

  it('sets it with the code and shows the answer', async () => {
    handlers['/api-v1/transcation-password-otp/'] = () => [200, { message: MSG.otpSent }];
    handlers['/api-v1/set-transcation-password/'] = () => [200, { message: MSG.passwordUpdated }];
    show(<TransactionPasswordPage />, '/safety/transaction-password');
    fireEvent.click(button('Send OTP'));
    await screen.findByRole('button', { name: MSG.otpSentLabel });
    type('New transaction password', '135790');
    type('Confirm password', '135790');
    type('Verification code', '123456');
    fireEvent.click(button('Confirm'));
    await screen.findByText(MSG.passwordUpdated);
    expect(calls.at(-1)).toMatchObject({
      url: '/api-v1/set-transcation-password/',
      body: { new_password: '135790', otp: '123456' },
    });
  });
});
