/**
 * The passkeys page's sheets against a faked API: removing a passkey and adding one ask for the proof
 * of docs/decisions/0045 (the authenticator code with TOTP on; the password and an emailed code with
 * no second factor on).
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { PASSKEY_MSG } from '../../../shared/api/passkeys';
import type { TwoFactorStatus } from '../../../shared/api/two-factor';
import { PasskeysPage } from './PasskeysPage';

let api: FakeApi;
const PASSKEY = { id: 7, name: 'Pocket phone', created_at: '2026-01-02T10:00:00Z', last_used_at: null };
const status = (methods: TwoFactorStatus['methods']): TwoFactorStatus => ({
  enabled: methods.length > 0,
  totp: methods.includes('totp'),
  methods,
  recovery_codes_left: methods.includes('totp') ? 10 : 0,
  pending: false,
});

beforeEach(() => {
  api = installFakeApi();
  localStorage.setItem('token', 'a.token');
  // jsdom has no WebAuthn; the page only needs to believe the browser has it.
  (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

const show = () => renderScreen(<PasskeysPage />, { path: '/safety/passkeys', previous: '/safety-center' });

describe('passkeys page', () => {
  it('removes a passkey with the authenticator code when TOTP is on', async () => {
    let list = [PASSKEY];
    api.on('GET /api-v1/passkeys/', () => [200, list]);
    api.on('/api-v1/2fa/', () => [200, status(['totp', 'passkey'])]);
    api.on('DELETE /api-v1/passkeys/7/', () => {
      list = [];
      return [200, { message: PASSKEY_MSG.removed }];
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pocket phone' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Remove passkey?' }));
    fireEvent.change(await sheet.findByLabelText('Authenticator or recovery code'), { target: { value: '123456' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Remove' }));
    await screen.findByText('No passkeys yet.');
    expect(api.callsTo('DELETE /api-v1/passkeys/7/').map((c) => c.body)).toEqual([{ two_factor_code: '123456' }]);
  });

  it('asks for the login password and the emailed code before adding the first passkey', async () => {
    api.on('GET /api-v1/passkeys/', () => [200, []]);
    api.on('/api-v1/2fa/', () => [200, status([])]);
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: 'OTP sent' }]);
    api.on('/api-v1/passkeys/registration-options/', () => [400, { error: 'The login password is wrong' }]);
    show();
    await screen.findByText('No passkeys yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Add a passkey' }));
    fireEvent.click(await sheet.findByRole('button', { name: 'Send OTP' }));
    fireEvent.change(sheet.getByLabelText('Login password'), { target: { value: 'correct horse 1' } });
    fireEvent.change(sheet.getByLabelText('Verification code'), { target: { value: '246810' } });
    fireEvent.click(sheet.getByRole('button', { name: 'Add passkey' }));
    await waitFor(() => expect(api.callsTo('POST /api-v1/passkeys/registration-options/')).toHaveLength(1));
    expect(api.callsTo('POST /api-v1/passkeys/registration-options/')[0]!.body).toEqual({
      password: 'correct horse 1',
      email_code: '246810',
    });
    expect(await sheet.findByText('The login password is wrong')).toBeTruthy();
  });
});
