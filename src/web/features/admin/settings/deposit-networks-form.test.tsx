/**
 * The staff Settings of deposit networks (docs/decisions/0028) against a faked
 * /api-v3/admin/settings/: each network's minimum and confirmations, checked before they are sent.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApiPerTest, renderScreen } from '../../../../../tests/helpers/fake-web-api';
import type { AdminSettings } from '../../../../shared/api/admin';
import { DEPOSIT_MSG } from '../../../../shared/api/deposits';
import { ThemeProvider } from '../../../lib/theme';
import { AdminConsolePage } from '../AdminConsolePage';

const SETTINGS: AdminSettings = {
  usdo_price: { price: '1', updated_at: null, allowed: { lowest: '0.5', highest: '1.5' } },
  deposit_addresses: {
    ERC20: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
    TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
  faq_entries: [],
  convert_spread: { bps: 50, updated_at: null },
  deposit_networks: {
    ERC20: { min_amount: '50', confirmations: 1 },
    TRC20: { min_amount: '50', confirmations: 1 },
    BTC: { min_amount: '0.001', confirmations: 1 },
  },
};

const api = fakeApiPerTest({ user_id: 1, is_admin: true });
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  api.on('GET /api-v3/admin/settings/', [200, SETTINGS]);
});

const show = () =>
  renderScreen(<AdminConsolePage />, {
    path: '/admin/dashboard',
    url: '/admin/dashboard?view=settings',
    previous: null,
    wrap: (router) => <ThemeProvider>{router}</ThemeProvider>,
  });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('deposit networks in Settings', () => {
  it('shows each network, refuses a bad figure without sending, and saves the rest as numbers', async () => {
    const saved = {
      ...SETTINGS,
      deposit_networks: { ...SETTINGS.deposit_networks, TRC20: { min_amount: '60', confirmations: 19 } },
    };
    api.on('PUT /api-v3/admin/settings/', [200, { message: 'Settings saved', settings: saved }]);
    show();
    expect(((await screen.findByLabelText('BTC minimum (BTC)')) as HTMLInputElement).value).toBe('0.001');
    const card = screen.getByRole('button', { name: 'Save networks' }).closest('form')!;

    type('TRC20 confirmations', '1.5');
    fireEvent.click(within(card).getByRole('button', { name: 'Save networks' }));
    expect(await within(card).findByText(DEPOSIT_MSG.invalidConfirmations)).toBeTruthy();
    expect(api.callsTo('PUT /api-v3/admin/settings/')).toEqual([]);

    type('TRC20 minimum (USDT)', '60');
    type('TRC20 confirmations', '19');
    fireEvent.click(within(card).getByRole('button', { name: 'Save networks' }));
    await within(card).findByText('Deposit networks saved');
    expect(api.callsTo('PUT /api-v3/admin/settings/')[0]!.body).toEqual({
      deposit_networks: {
        ERC20: { min_amount: '50', confirmations: 1 },
        TRC20: { min_amount: '60', confirmations: 19 },
        BTC: { min_amount: '0.001', confirmations: 1 },
      },
    });
  });
});
