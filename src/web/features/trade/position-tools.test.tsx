/**
 * The position tools of the Lever screen against a faked API (docs/decisions/0025-trade-protection.md):
 * take-profit / stop-loss in the order form, Close offering a partial close, the TP/SL and margin sheets,
 * each bad input with the server's own text.
 */
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { TRADE_MSG, tradeRulesOf, type TradeItem } from '../../../shared/api/trade';
import { DEFAULT_MAINTENANCE_MARGIN_RATE, DEFAULT_TRADE_FEE_RATE } from '../../../shared/constants';
import { LeverMessageArea, LeverMessagesProvider } from './lever-messages';
import { OpenOrders } from './OpenOrders';
import { OrderForm } from './OrderForm';
import { tradeItem } from '../../../../tests/helpers/trade-item';

let api: FakeApi;
const callsTo = (path: string) => api.calls.filter((c) => c.url.startsWith(path));

beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/trade-rules/', [
    200,
    tradeRulesOf({ feeRate: DEFAULT_TRADE_FEE_RATE, maintenanceRate: DEFAULT_MAINTENANCE_MARGIN_RATE }),
  ]);
  api.on('GET /api-v1/lever-wallet-list/', [200, [{ currency: 'USDT', balance: '500' }]]);
  api.on('GET /api/v3/ticker/24hr', [404, { error: 'none' }]);
  localStorage.setItem('token', 'a.token');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(resetScreenTest);

/** With the Lever screen's message area, where results show (lever-messages.tsx). */
const show = (element: ReactElement) =>
  renderScreen(
    <LeverMessagesProvider>
      {element}
      <LeverMessageArea />
    </LeverMessagesProvider>,
    { path: '/lever', previous: null },
  );

const position = (fields: Partial<TradeItem> = {}) =>
  tradeItem({
    profit_loss_decimal: '15',
    leverage: 10,
    margin: '600',
    liquidation_price: '54271.35',
    current_price: '60150',
    ...fields,
  });

describe('order form', () => {
  it('sends an optional take-profit and stop-loss, and blocks one on the wrong side with the server’s text', async () => {
    api.on('POST /api-v1/trade-creation/', () => [201, { message: TRADE_MSG.tradeOpened, trade: position() }]);
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.click(await screen.findByRole('radio', { name: '10X' }));
    fireEvent.change(screen.getByLabelText('Hands'), { target: { value: '0.1' } });
    fireEvent.change(screen.getByLabelText('Take-profit (optional)'), { target: { value: '59000' } });
    await vi.waitFor(() =>
      expect(screen.getByText(TRADE_MSG.takeProfitWrongSide('buy', 'the current price', '60000'))).toBeTruthy(),
    );
    expect((screen.getByRole('button', { name: 'Buy (long)' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Take-profit (optional)'), { target: { value: '62000' } });
    fireEvent.change(screen.getByLabelText('Stop-loss (optional)'), { target: { value: '50000' } });
    // 10X: liquidation near 54271: a stop-loss under it would never fire.
    await screen.findByText(/A long's stop-loss must be above its liquidation price/);
    fireEvent.change(screen.getByLabelText('Stop-loss (optional)'), { target: { value: '58000' } });
    await vi.waitFor(() =>
      expect((screen.getByRole('button', { name: 'Buy (long)' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Buy (long)' }));
    await screen.findByText(TRADE_MSG.tradeOpened);
    expect(callsTo('/api-v1/trade-creation/')[0]!.body).toMatchObject({ take_profit: '62000', stop_loss: '58000' });
  });
});

describe('an open position', () => {
  it('shows its TP/SL, and Close offers part of it: 50 % sends half the hands', async () => {
    api.on('POST /api-v1/trade-updation/', () => [
      200,
      { message: TRADE_MSG.partlyClosed('0.05', '0.05'), trade: position({ hands: '0.05' }) },
    ]);
    show(<OpenOrders trades={[position({ take_profit: '65000', stop_loss: '58000' })]} loading={false} />);
    expect(screen.getByTestId('tpsl').textContent).toBe('TP 65,000.00 · SL 58,000.00');
    fireEvent.click(screen.getByRole('button', { name: /^Close BTC\/USDT long/ }));
    const field = await screen.findByLabelText('Hands to close (BTC)');
    expect((field as HTMLInputElement).value).toBe('0.1');

    fireEvent.change(field, { target: { value: '0.2' } });
    expect(await screen.findByText(TRADE_MSG.closeHandsTooMany('0.1'))).toBeTruthy();
    fireEvent.change(field, { target: { value: '-1' } });
    expect(await screen.findByText(TRADE_MSG.enterCloseHands)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '50%' }));
    expect((field as HTMLInputElement).value).toBe('0.05');
    fireEvent.click(screen.getByRole('button', { name: 'Close part' }));
    await vi.waitFor(() => expect(callsTo('/api-v1/trade-updation/')).toHaveLength(1));
    expect(callsTo('/api-v1/trade-updation/')[0]!.body).toMatchObject({ trade_id: 7, is_closed: true, hands: '0.05' });
  });

  it('edits the take-profit and stop-loss: a wrong side is refused before sending, empty clears with null', async () => {
    api.on('POST /api-v1/trade-tpsl/', () => [200, { message: TRADE_MSG.tpslSet, trade: position() }]);
    show(<OpenOrders trades={[position({ take_profit: '65000' })]} loading={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'TP/SL of BTC/USDT (trade 7)' }));
    const tp = await screen.findByLabelText('Take-profit (USDT)');
    fireEvent.change(screen.getByLabelText('Stop-loss (USDT)'), { target: { value: '60200' } });
    expect(await screen.findByText(TRADE_MSG.stopLossWrongSide('buy', 'the current price', '60150'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(callsTo('/api-v1/trade-tpsl/')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Stop-loss (USDT)'), { target: { value: '59000' } });
    fireEvent.change(tp, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(callsTo('/api-v1/trade-tpsl/')).toHaveLength(1));
    expect(callsTo('/api-v1/trade-tpsl/')[0]!.body).toEqual({ trade_id: 7, take_profit: null, stop_loss: '59000' });
  });

  it('adds margin showing the new liquidation price, refuses more than the balance, and shows the server’s refusal', async () => {
    const refusal = TRADE_MSG.marginTooMuchRemoved('0');
    api.on('POST /api-v1/trade-margin/', () => [400, { error: refusal }]);
    show(<OpenOrders trades={[position()]} loading={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Margin of BTC/USDT (trade 7)' }));
    const amount = await screen.findByLabelText('Amount (USDT)');
    fireEvent.change(amount, { target: { value: '600.5' } });
    expect(await screen.findByText(TRADE_MSG.marginInsufficient('600.5', '500'))).toBeTruthy();
    fireEvent.change(amount, { target: { value: '100' } });
    // 700 of margin: (60000 - 7000) / 0.995
    await vi.waitFor(() =>
      expect(screen.getByTestId('new-liquidation-price').textContent).toBe('54,271.35 → 53,266.33'),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Remove margin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(callsTo('/api-v1/trade-margin/')[0]!.body).toEqual({ trade_id: 7, amount: '-100' });
  });
});
