/**
 * The withdrawal-protection screens against a faked API (docs/security.md "## Locks" and
 * "## Withdrawal protection and anti-phishing"): the Safety Center's locks, the whitelist switch
 * (off needs the code), deleting an address, and the anti-phishing code's format check.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { PROTECTION_MSG } from '../../../shared/api/protection';
import { AntiPhishingPage } from './AntiPhishingPage';
import { SafetyCenterPage } from './SafetyCenterPage';
import { WithdrawalAddressesPage } from './WithdrawalAddressesPage';

let api: FakeApi;
const status = (fields: Record<string, unknown> = {}) => ({
  whitelist_enabled: false,
  anti_phishing_code: null,
  locks: [],
  ...fields,
});
const ADDRESS = { id: 7, address: 'TQ7cXq9WqG1vB4m8sYxNf3kPzR2hLdE6Ua', currency: 'USDT', label: 'Cold wallet' };

beforeEach(() => {
  api = installFakeApi();
  localStorage.setItem('token', 'a.token');
  api.on('GET /api-v1/info/', [200, { has_transaction_password: true }]);
});
afterEach(resetScreenTest);

describe('safety center', () => {
  it('shows the locks in force with their end, the whitelist and the masked code', async () => {
    api.on('GET /api-v1/security/status/', [
      200,
      status({
        whitelist_enabled: true,
        anti_phishing_code: 'T*****2',
        locks: [{ scope: 'withdrawal', until: '2026-11-25T05:19:30.000Z', reason: 'password-changed' }],
      }),
    ]);
    renderScreen(<SafetyCenterPage />, { path: '/safety-center' });
    const locks = await screen.findByRole('region', { name: 'Locks' });
    expect(locks.textContent).toBe(
      'Withdrawals locked until 2026-11-25 05:20 UTC because your login password was changed',
    );
    expect(screen.getByText('Whitelist on · withdrawals only to saved addresses')).toBeTruthy();
    expect(screen.getByText('T*****2 · shown in every mail from us')).toBeTruthy();
  });

  it('shows no lock box when nothing is locked', async () => {
    api.on('GET /api-v1/security/status/', [200, status()]);
    renderScreen(<SafetyCenterPage />, { path: '/safety-center' });
    await screen.findByText('Not set · tells our mails from phishing');
    expect(screen.queryByRole('region', { name: 'Locks' })).toBeNull();
  });
});

describe('address book', () => {
  it('turns the whitelist on at once, and off only with the code', async () => {
    let enabled = false;
    api.on('GET /api-v1/security/status/', () => [200, status({ whitelist_enabled: enabled })]);
    api.on('GET /api-v1/withdrawal-addresses/', [200, [{ ...ADDRESS, created_at: '2026-11-24T00:00:00.000Z' }]]);
    api.on('PUT /api-v1/withdrawal-whitelist/', (call) => {
      enabled = (call.body as { enabled: boolean }).enabled;
      return [200, { message: 'ok', whitelist_enabled: enabled }];
    });
    renderScreen(<WithdrawalAddressesPage />, { path: '/safety/withdrawal-addresses' });
    await screen.findByText(ADDRESS.address);
    fireEvent.click(screen.getByRole('switch', { name: 'Address whitelist' }));
    await screen.findByText('On: withdrawals go only to the addresses saved below.');
    expect(api.callsTo('PUT /api-v1/withdrawal-whitelist/').map((c) => c.body)).toEqual([{ enabled: true }]);

    fireEvent.click(screen.getByRole('switch', { name: 'Address whitelist' }));
    const turnOff = await screen.findByRole('button', { name: 'Turn off' });
    expect((turnOff as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('PUT /api-v1/withdrawal-whitelist/')).toHaveLength(1);
    const codeFields = screen.getAllByLabelText('Verification code');
    fireEvent.change(codeFields[0]!, { target: { value: '123456' } });
    fireEvent.click(turnOff);
    await screen.findByText(/^Off: withdrawals may go to any address/);
    expect(api.callsTo('PUT /api-v1/withdrawal-whitelist/').map((c) => c.body)).toEqual([
      { enabled: true },
      { enabled: false, code: '123456' },
    ]);
  });

  it('deletes an address', async () => {
    api.on('GET /api-v1/security/status/', [200, status()]);
    api.on('GET /api-v1/withdrawal-addresses/', [200, [{ ...ADDRESS, created_at: '2026-11-24T00:00:00.000Z' }]]);
    api.on('DELETE /api-v1/withdrawal-addresses/7/', [200, { message: PROTECTION_MSG.addressDeleted }]);
    renderScreen(<WithdrawalAddressesPage />, { path: '/safety/withdrawal-addresses' });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cold wallet' }));
    await waitFor(() => expect(api.callsTo('DELETE /api-v1/withdrawal-addresses/7/')).toHaveLength(1));
  });
});

describe('anti-phishing code', () => {
  it('checks the format before sending, then sends the code', async () => {
    api.on('GET /api-v1/security/status/', [200, status()]);
    api.on('PUT /api-v1/anti-phishing-code/', [
      200,
      { message: PROTECTION_MSG.antiPhishingSaved, anti_phishing_code: 'O****7' },
    ]);
    renderScreen(<AntiPhishingPage />, { path: '/safety/anti-phishing-code' });
    await screen.findByText('Not set');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ab!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set code' }));
    expect(screen.getByText(PROTECTION_MSG.antiPhishingFormat)).toBeTruthy();
    expect(api.callsTo('PUT /api-v1/anti-phishing-code/')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'Orchid7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set code' }));
    await screen.findByText(PROTECTION_MSG.antiPhishingSaved);
    expect(api.callsTo('PUT /api-v1/anti-phishing-code/').map((c) => c.body)).toEqual([{ code: 'Orchid7' }]);
  });
});
