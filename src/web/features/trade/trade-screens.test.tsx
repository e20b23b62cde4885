/**
 * The order form and the open orders against a faked API (docs/product.md 2, 7; Idempotency-Key of
 * docs/architecture.md 4; fees, maintenance margin and minimum of from GET /api-v1/trade-rules/).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { TRADE_MSG, tradeRulesOf, type TradeItem, type TradeRules } from '../../../shared/api/trade';
import { DEFAULT_MAINTENANCE_MARGIN_RATE, DEFAULT_TRADE_FEE_RATE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { LeverMessageArea, LeverMessagesProvider } from './lever-messages';
import { OpenOrders } from './OpenOrders';
import { OrderForm } from './OrderForm';
import { ORDER_FORM_MSG } from './order-form';
import { restingOrder, tradeItem } from '../../../../tests/helpers/trade-item';

/** The server's default rules: 0.05 % fee on open and close, 0.5 % maintenance margin, 5 USDT minimum. */
const RULES: TradeRules = tradeRulesOf({
  feeRate: DEFAULT_TRADE_FEE_RATE,
  maintenanceRate: DEFAULT_MAINTENANCE_MARGIN_RATE,
});

let api: FakeApi;
/** What the screens sent: the address with its query string, the body and the headers. */
const calls = () => api.calls.map(({ method, url, body, headers }) => ({ method, path: url, body, headers }));

beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/trade-rules/', [200, RULES]);
  localStorage.setItem('token', 'a.token');
  // These tests are about the payload; the question before a 50X+ order has its own (lever-results.test.tsx).
  localStorage.setItem('leverHighLeverageCheck', 'off');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(resetScreenTest);

/** With the Lever screen's message area, where results and refusals show (lever-messages.tsx). */
function show(element: ReactElement) {
  return renderScreen(
    <LeverMessagesProvider>
      {element}
      <LeverMessageArea />
    </LeverMessagesProvider>,
    {
      path: '/lever',
      previous: null,
      routes: { '/transfer/:currency': <p>the transfer screen</p> },
    },
  ).router;
}

const trade = (fields: Partial<TradeItem> = {}) => tradeItem({ open_fee: '0', ...fields });

const hands = () => screen.getByLabelText('Hands');
const buy = () => screen.getByRole('button', { name: 'Buy (long)' });
/** The rules arrive by their own request: an order can go once the preview shows the fee. */
const ready = async () => {
  await vi.waitFor(() => expect(screen.getByLabelText('Order preview').textContent).not.toContain('Opening fee--'));
};
const creations = () => calls().filter((c) => c.path === '/api-v1/trade-creation/');
/** A value of the order preview, by its term ('Margin', 'Opening fee', 'Total', 'Est. liq. price'). */
const previewValue = (term: string) => {
  const row = within(screen.getByLabelText('Order preview')).getByText(term, { selector: 'dt' }).parentElement!;
  return row.querySelector('dd')!.textContent;
};

describe('order form', () => {
  it('sends docs/product.md’s payload with leverage and order type, and an Idempotency-Key', async () => {
    api.on('POST /api-v1/trade-creation/', () => [201, { message: TRADE_MSG.tradeOpened, trade: trade() }]);
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.click(await screen.findByRole('radio', { name: '30X' }));
    fireEvent.change(hands(), { target: { value: '0.1' } });
    // 6000 USDT of notional at 30X: 200 of margin, 3 of fee; liquidated at (60000 - 2000) / (1 - 0.005).
    await vi.waitFor(() => expect(previewValue('Opening fee')).toBe('3.00 USDT'));
    expect(previewValue('Margin')).toBe('200.00 USDT');
    expect(previewValue('Total')).toBe('203.00 USDT');
    expect(previewValue('Est. liq. price')).toBe('58,291.46');
    fireEvent.click(buy());
    await screen.findByText(TRADE_MSG.tradeOpened);
    expect(creations()).toHaveLength(1);
    expect(creations()[0]!.body).toEqual({
      trade_type: 'buy',
      starting_price: '60000',
      coin: 'BTC',
      hands: '0.1',
      leverage: 30,
      order_type: 'market',
    });
    expect(creations()[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same key again when the same order is retried after a dropped answer, a new one for the next order', async () => {
    let attempt = 0;
    api.on('POST /api-v1/trade-creation/', () =>
      ++attempt === 1 ? 'network-error' : [201, { message: TRADE_MSG.tradeOpened, trade: trade() }],
    );
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.1' } });
    await ready();
    fireEvent.click(buy());
    await screen.findByText(MSG.networkError);
    fireEvent.click(buy());
    await screen.findByText(TRADE_MSG.tradeOpened);
    // A placed order empties the form (docs/decisions/0061-trade-form.md): the next one is typed again.
    expect(hands()).toHaveProperty('value', '');
    fireEvent.change(hands(), { target: { value: '0.1' } });
    fireEvent.click(buy());
    await vi.waitFor(() => expect(creations()).toHaveLength(3));
    const [first, retry, next] = creations().map((c) => c.headers['Idempotency-Key']);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('sends a limit order with its limit price', async () => {
    api.on('POST /api-v1/trade-creation/', () => [201, { message: TRADE_MSG.limitOrderPlaced, trade: trade() }]);
    show(<OrderForm coin="ETH" price="3000" balance="1000" balanceFailed={false} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Sell' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Limit price' }));
    fireEvent.change(screen.getByLabelText('Limit price'), { target: { value: '3100' } });
    fireEvent.change(hands(), { target: { value: '2' } });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Sell (short)' }));
    await screen.findByText(TRADE_MSG.limitOrderPlaced);
    expect(creations()[0]!.body).toMatchObject({
      trade_type: 'sell',
      order_type: 'limit',
      limit_price: '3100',
      starting_price: '3000',
    });
  });

  it('shows the server’s reason for a refused order', async () => {
    const refusal = TRADE_MSG.priceMoved('BTC', '61000');
    api.on('POST /api-v1/trade-creation/', () => [400, { error: refusal }]);
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.1' } });
    await ready();
    fireEvent.click(buy());
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
  });

  it('disables the button with the reason and a transfer link when margin + fee exceed the balance', async () => {
    // 60 of margin is covered, the 3 of fee is not.
    const router = show(<OrderForm coin="BTC" price="60000" balance="62.99" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.1' } });
    expect(
      await screen.findByText(/Not enough margin: this order needs 63.00 USDT and your lever account has 62.99 USDT/),
    ).toBeTruthy();
    expect(buy().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Transfer USDT to lever account' }));
    expect(router.state.location.pathname).toBe('/transfer/USDT');
  });

  it('blocks an order under the minimum notional with the reason, and sends nothing', async () => {
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.00008' } });
    expect(await screen.findByText(ORDER_FORM_MSG.belowMinimum('5', '4.80'))).toBeTruthy();
    expect(buy().hasAttribute('disabled')).toBe(true);
    fireEvent.click(buy());
    expect(creations()).toHaveLength(0);
    expect(hands().getAttribute('aria-invalid')).toBe('true');
  });

  it('offers USDO at 1X only, says why, and sends leverage 1', async () => {
    api.on('POST /api-v1/trade-creation/', () => [201, { message: TRADE_MSG.tradeOpened, trade: trade() }]);
    show(<OrderForm coin="USDO" price="1" balance="100" balanceFailed={false} />);
    expect(await screen.findByText(TRADE_MSG.inHouseLeverage)).toBeTruthy();
    const leverage = screen.getByRole('radiogroup', { name: 'Leverage' });
    expect(
      within(leverage)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['1X']);
    fireEvent.change(hands(), { target: { value: '10' } });
    await vi.waitFor(() => expect(previewValue('Total')).toBe('10.01 USDT'));
    expect(previewValue('Margin')).toBe('10.00 USDT');
    fireEvent.click(buy());
    await screen.findByText(TRADE_MSG.tradeOpened);
    expect(creations()[0]!.body).toMatchObject({ coin: 'USDO', leverage: 1, hands: '10' });
  });

  it('offers the four leverages on other coins, without the USDO note', async () => {
    show(<OrderForm coin="ETH" price="3000" balance="100" balanceFailed={false} />);
    const leverage = await screen.findByRole('radiogroup', { name: 'Leverage' });
    expect(
      within(leverage)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['100X', '50X', '30X', '10X']);
    expect(screen.queryByText(TRADE_MSG.inHouseLeverage)).toBeNull();
  });

  it('says when the balance could not be loaded', () => {
    show(<OrderForm coin="BTC" price="60000" balance={undefined} balanceFailed />);
    expect(screen.getByText(MSG.fetchBalanceFailed)).toBeTruthy();
  });
});

describe('open orders', () => {
  it("shows 'no record' without trades", () => {
    show(<OpenOrders trades={[]} loading={false} />);
    expect(screen.getByText(MSG.noRecord)).toBeTruthy();
  });

  it('shows the pair, hands, type, amount, price and P/L with 2 decimals in green or red', () => {
    show(
      <OpenOrders
        trades={[trade(), trade({ trade_id: 8, trade_type: 'sell', profit_loss_decimal: '-3.456' })]}
        loading={false}
      />,
    );
    const [long, short] = screen.getAllByRole('listitem');
    const inLong = within(long!);
    expect(inLong.getByText('BTC/USDT')).toBeTruthy();
    expect(inLong.getByText('0.1 hands')).toBeTruthy();
    expect(inLong.getByText('Buy')).toBeTruthy();
    expect(inLong.getByText('6,000.00')).toBeTruthy();
    expect(inLong.getByText('60,000.00')).toBeTruthy();
    expect(inLong.getByText('+15.01').className).toContain('text-up');
    expect(within(short!).getByText('-3.46').className).toContain('text-down');
    expect(screen.getByRole('list', { name: 'Positions' }).style.maxHeight).toBe('320px');
  });

  it('shows an open position’s opening fee and liquidation price', () => {
    show(
      <OpenOrders trades={[trade({ open_fee: '3.0000001', liquidation_price: '59698.49246231' })]} loading={false} />,
    );
    const row = screen.getByRole('listitem');
    // The fee rounded up (never show less than was paid).
    expect(row.textContent).toContain('Margin 60.00 USDT · Fee 3.01 · Liq. 59,698.49');
  });

  it('closes a trade at the coin’s last price with is_closed true and an Idempotency-Key', async () => {
    api.on('GET /api/v3/ticker/24hr', () => [
      200,
      {
        symbol: 'BTCUSDT',
        priceChange: '0',
        priceChangePercent: '0',
        weightedAvgPrice: '1',
        prevClosePrice: '1',
        lastPrice: '60150.05',
        lastQty: '1',
        bidPrice: '1',
        bidQty: '1',
        askPrice: '1',
        askQty: '1',
        openPrice: '1',
        highPrice: '1',
        lowPrice: '1',
        volume: '1',
        quoteVolume: '1',
        openTime: 0,
        closeTime: 1,
        firstId: 0,
        lastId: 0,
        count: 0,
      },
    ]);
    api.on('POST /api-v1/trade-updation/', () => [
      200,
      { message: TRADE_MSG.tradeClosed, trade: trade({ status: 'closed', is_closed: true }) },
    ]);
    show(<OpenOrders trades={[trade()]} loading={false} />);
    fireEvent.click(screen.getByRole('button', { name: /^Close BTC\/USDT long/ }));
    // Close asks how much (docs/decisions/0025-trade-protection.md): all of it unless told otherwise.
    fireEvent.click(await screen.findByRole('button', { name: 'Close all' }));
    await vi.waitFor(() => expect(calls().some((c) => c.path === '/api-v1/trade-updation/')).toBe(true));
    const close = calls().find((c) => c.path === '/api-v1/trade-updation/')!;
    // The close asks the coin's last price first (the sheet's estimate also loads the trade rules).
    expect(calls().filter((c) => c.path !== '/api-v1/trade-rules/')[0]!.path).toBe(
      '/api/v3/ticker/24hr?symbol=BTCUSDT',
    );
    expect(close.body).toEqual({ trade_id: 7, current_price: '60150.05', is_closed: true });
    expect(close.headers['Idempotency-Key']).toBeTruthy();
  });

  it('shows a pending limit order in the Open orders tab with Cancel, and the server’s refusal of it', async () => {
    api.on('POST /api-v1/trade-updation/', () => [409, { error: TRADE_MSG.justFilled }]);
    const pending = restingOrder({ open_fee: '0' });
    show(<OpenOrders trades={[pending, trade()]} loading={false} />);
    // Positions first: the resting order is not among them.
    expect(screen.queryByText('Pending limit')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Open orders (1)' }));
    expect(screen.getByText('Pending limit')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Cancel BTC\/USDT long/ }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TRADE_MSG.justFilled));
    expect(calls().find((c) => c.path === '/api-v1/trade-updation/')!.body).toEqual({
      trade_id: 9,
      current_price: '60150.05',
      is_closed: true,
    });
  });
});
