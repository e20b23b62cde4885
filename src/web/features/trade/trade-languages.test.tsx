/**
 * The Lever and Exchange screens in another language (docs/decisions/0043-languages.md): their texts come from
 * src/web/locales/<code>/trade.json, the shared-table messages through message(), and prices and amounts
 * with the language's decimal separator. Each check looks for the translation AND for the English
 * text's absence, so an untranslated (English-copy) catalog fails it.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { tradeRulesOf } from '../../../shared/api/trade';
import { DEFAULT_MAINTENANCE_MARGIN_RATE, DEFAULT_TRADE_FEE_RATE } from '../../../shared/constants';
import { LeverMessageArea, LeverMessagesProvider } from './lever-messages';
import { OpenOrders } from './OpenOrders';
import { OrderForm } from './OrderForm';
import { SpotOrders } from './SpotOrders';
import { backToEnglish, chooseLanguage } from '../../../../tests/helpers/web-language';
import { tradeItem } from '../../../../tests/helpers/trade-item';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/trade-rules/', [
    200,
    tradeRulesOf({ feeRate: DEFAULT_TRADE_FEE_RATE, maintenanceRate: DEFAULT_MAINTENANCE_MARGIN_RATE }),
  ]);
  localStorage.setItem('token', 'a.token');
  localStorage.setItem('leverHighLeverageCheck', 'off');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(backToEnglish);

const position = tradeItem();

describe('the Lever screen in Korean', () => {
  it('shows the order form, the positions and a shared-table hint in Korean, with no English left', async () => {
    await chooseLanguage('ko');
    renderScreen(
      <LeverMessagesProvider>
        <OrderForm coin="USDO" price="1" balance="1000" balanceFailed={false} />
        <OpenOrders trades={[position]} loading={false} />
        <LeverMessageArea />
      </LeverMessagesProvider>,
      { path: '/lever', previous: null },
    );
    const form = screen.getByRole('form', { name: '주문 양식' });
    expect(within(form).getByRole('button', { name: '매수(롱)' })).toBeTruthy();
    expect(within(form).getByText('현재가')).toBeTruthy();
    expect(within(form).getByText('사용 가능')).toBeTruthy();
    // TRADE_MSG.inHouseLeverage, a shared-table text, through message().
    expect(within(form).getByText('USDO는 1X로만 거래됩니다: 가격은 시장이 아닌 제공자가 정합니다')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /포지션/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'BTC/USDT 롱 청산 (거래 7)' })).toBeTruthy();
    expect(screen.getByText('0.1계약')).toBeTruthy();
    for (const english of ['Current price', 'Available', 'Buy (long)', 'Positions', 'Margin', 'hands', 'trades at 1X'])
      expect(document.body.textContent).not.toContain(english);
    expect(screen.queryByRole('form', { name: 'Order form' })).toBeNull();
  });

  it('writes prices and amounts with the language’s decimal separator and grouping (German)', async () => {
    await chooseLanguage('de');
    renderScreen(<OpenOrders trades={[position]} loading={false} />, { path: '/lever', previous: null });
    const row = screen.getByRole('listitem', { name: 'BTC/USDT Long 0,1 Lots' });
    expect(within(row).getByText('60.000,00')).toBeTruthy();
    expect(within(row).getByText('+15,01')).toBeTruthy();
    expect(row.textContent).toContain('Margin 60,00 USDT · Gebühr 3,00');
    expect(row.textContent).not.toContain('60000.00');
  });
});

describe('the Exchange screen in Korean', () => {
  it('names the orders, their state and their time in Korean', async () => {
    api.on('GET /api-v1/spot-orders/', (call) => {
      const open = call.query.get('status') === 'open';
      return [
        200,
        [
          {
            order_id: 3,
            symbol: 'BTCUSDT',
            coin: 'BTC',
            side: 'buy',
            type: 'limit',
            status: 'open',
            quantity: '0.5',
            price: '50000',
            held: '25025',
            filled_price: null,
            total: null,
            fee: '0',
            created_at: '2026-01-02T03:04:00.000Z',
            filled_at: null,
            cancelled_at: null,
          },
        ].filter(() => open),
      ];
    });
    await chooseLanguage('ko');
    renderScreen(<SpotOrders />, { path: '/exchange', previous: null });
    expect(await screen.findByRole('listitem', { name: 'BTC/USDT 지정가 매수 0.5 BTC' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '미체결 주문(1)' })).toBeTruthy();
    expect(screen.getByText(/지정가 · 미체결/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '취소' })).toBeTruthy();
    // The time through dateTime(): Intl's Korean order ('2026. 1. 2. ...'), not the English '2026-01-02 03:04'.
    expect(document.body.textContent).toMatch(/2026\. 1\. [23]\./);
    expect(document.body.textContent).not.toContain('2026-01-02');
    for (const english of ['Open orders', 'Order history', 'Cancel', 'Quantity', 'Limit price', 'Time'])
      expect(document.body.textContent).not.toContain(english);
  });
});
