/**
 * The two-factor page against a faked API (docs/decisions/0021-two-factor.md): set up (with the password and an emailed code:
 * docs/decisions/0045), turn on, recovery codes once, new recovery codes, turn off.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { TWO_FACTOR_MSG, type TwoFactorStatus } from '../../../shared/api/two-factor';
import { TwoFactorPage } from './TwoFactorPage';

let api: FakeApi;
const posts = () => api.calls.filter((c) => c.url !== '/api-v1/2fa/').map(({ url, body }) => ({ url, body }));

const OFF: TwoFactorStatus = { enabled: false, totp: false, methods: [], recovery_codes_left: 0, pending: false };
const ON: TwoFactorStatus = { enabled: true, totp: true, methods: ['totp'], recovery_codes_left: 10, pending: false };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-efgh${i + 2}`);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeEach(() => {
  api = installFakeApi();
  localStorage.setItem('token', 'a.token');
});
afterEach(resetScreenTest);

const show = () => renderScreen(<TwoFactorPage />, { path: '/safety/two-factor', previous: '/safety-center' });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('two-factor page', () => {
  it('sets up with a QR code and the key, checks the code, then shows the 10 recovery codes once', async () => {
    let status = OFF;
    api.on('/api-v1/2fa/', () => [200, status]);
    api.on('/api-v1/2fa/setup/', () => [
      200,
      { secret: SECRET, otpauth_url: `otpauth://totp/Coinfront:ada%40example.com?secret=${SECRET}&issuer=Coinfront` },
    ]);
    api.on('/api-v1/transcation-password-otp/', () => [200, { message: 'OTP sent' }]);
    show();
    // No second factor on yet: the login password and the emailed code confirm it is the owner.
    fireEvent.click(await screen.findByRole('button', { name: 'Send OTP' }));
    type('Login password', 'correct horse 1');
    type('Verification code', '246810');
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    // Not six digits: nothing is sent.
    type('Google Authenticator code', '12345');
    fireEvent.click(button('Turn on'));
    expect(screen.getByText(TWO_FACTOR_MSG.enterCode)).toBeTruthy();

    api.on('/api-v1/2fa/enable/', () => [400, { error: TWO_FACTOR_MSG.wrongCode }]);
    type('Google Authenticator code', '123456');
    fireEvent.click(button('Turn on'));
    expect((await screen.findByRole('alert')).textContent).toBe(TWO_FACTOR_MSG.wrongCode);

    api.on('/api-v1/2fa/enable/', () => {
      status = ON;
      return [200, { message: TWO_FACTOR_MSG.enabled, recovery_codes: CODES }];
    });
    type('Google Authenticator code', '654321');
    fireEvent.click(button('Turn on'));
    const list = await screen.findByTestId('recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
    expect(posts()).toEqual([
      { url: '/api-v1/transcation-password-otp/', body: {} },
      { url: '/api-v1/2fa/setup/', body: { password: 'correct horse 1', email_code: '246810' } },
      { url: '/api-v1/2fa/enable/', body: { code: '123456' } },
      { url: '/api-v1/2fa/enable/', body: { code: '654321' } },
    ]);

    fireEvent.click(button('I have saved them'));
    expect(await screen.findByTestId('two-factor-on')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('turns off with a code and says withdrawals wait 24 hours', async () => {
    let status: TwoFactorStatus = { ...ON, recovery_codes_left: 7 };
    api.on('/api-v1/2fa/', () => [200, status]);
    api.on('/api-v1/2fa/disable/', () => {
      status = OFF;
      return [200, { message: TWO_FACTOR_MSG.disabled }];
    });
    show();
    expect((await screen.findByTestId('two-factor-on')).textContent).toContain('Recovery codes left: 7 of 10');
    const turnOff = within(screen.getByTestId('turn-off'));
    fireEvent.click(turnOff.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByText(TWO_FACTOR_MSG.enterCode)).toBeTruthy();
    fireEvent.change(turnOff.getByLabelText('Authenticator or recovery code'), { target: { value: ' abcde-fghjk ' } });
    fireEvent.click(turnOff.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.disabled)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeTruthy();
    expect(posts()).toEqual([{ url: '/api-v1/2fa/disable/', body: { code: 'abcde-fghjk' } }]);
  });

  it('makes new recovery codes with a current code and shows them once', async () => {
    api.on('/api-v1/2fa/', () => [200, ON]);
    api.on('/api-v1/2fa/recovery-codes/', () => [
      200,
      { message: TWO_FACTOR_MSG.recoveryCodesRenewed, recovery_codes: CODES },
    ]);
    show();
    const renew = within(await screen.findByTestId('renew-recovery-codes'));
    fireEvent.change(renew.getByLabelText('Authenticator or recovery code'), { target: { value: '135791' } });
    fireEvent.click(renew.getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByTestId('recovery-codes');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByText(TWO_FACTOR_MSG.recoveryCodesRenewed)).toBeTruthy();
    expect(posts()).toEqual([{ url: '/api-v1/2fa/recovery-codes/', body: { code: '135791' } }]);
  });
});
