/**
 * The Lever screen tells the trader what happened (docs/decisions/0031-lever-results.md),
 * against a faked API: one message area whose results replace each other and go, the realized P/L of
 * a close, positions and open orders in tabs with counts, ROE beside P/L, the size slider, a tapped
 * book price, and the question before a first order at 50X or more.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { TRADE_MSG, tradeRulesOf, type TradeItem } from '../../../shared/api/trade';
import { DEFAULT_MAINTENANCE_MARGIN_RATE, DEFAULT_TRADE_FEE_RATE } from '../../../shared/constants';
import { formatRoe } from './display';
import {
  LEVER_MESSAGE_MS,
  LeverMessageArea,
  LeverMessagesProvider,
  closeResultText,
  useLeverMessages,
} from './lever-messages';
import { OpenOrders } from './OpenOrders';
import { OrderBook } from './OrderBook';
import { OrderForm, type PickedPrice } from './OrderForm';
import { i18n } from '../../lib/i18n';
import { restingOrder, tradeItem } from '../../../../tests/helpers/trade-item';

/** The form's texts of the high-leverage question's switch (docs/decisions/0031-lever-results.md), in English. */
const LEVER_FORM_TEXT = { checkOff: 'No confirmation at 50X or more', turnOn: 'Ask again' } as const;
/** The layer in English (the language these tests run in) for closeResultText. */
const english = { t: i18n.t, message: i18n.message, number: (text: string) => text };

let api: FakeApi;
const creations = () => api.calls.filter((c) => c.path === '/api-v1/trade-creation/');

beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api-v1/trade-rules/', [
    200,
    tradeRulesOf({ feeRate: DEFAULT_TRADE_FEE_RATE, maintenanceRate: DEFAULT_MAINTENANCE_MARGIN_RATE }),
  ]);
  api.on('GET /api/v3/ticker/24hr', [404, { error: 'none' }]);
  localStorage.setItem('token', 'a.token');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(resetScreenTest);

const withArea = (element: ReactElement) => (
  <LeverMessagesProvider>
    {element}
    <LeverMessageArea />
  </LeverMessagesProvider>
);
const show = (element: ReactElement) => renderScreen(withArea(element), { path: '/lever', previous: null });

const trade = tradeItem;
/** A resting limit order. */
const order = restingOrder;
/** 0.1 BTC bought at 60000 with 3 of opening fee, closed at 60150 with 3.0075 of closing fee: 60 + 15 - 3.0075 back. */
const closedTrade = trade({
  status: 'closed',
  is_closed: true,
  profit_loss_decimal: '15',
  close_fee: '3.0075',
  close_price: '60150',
  closed_balance: '71.9925',
  liquidation_price: null,
  close_reason: 'manual',
});

const status = () => screen.getByRole('status').textContent;
const alertText = () => screen.getByRole('alert').textContent;
const hands = () => screen.getByLabelText('Hands') as HTMLInputElement;
const buy = () => screen.getByRole('button', { name: 'Buy (long)' });
const ready = async () => {
  await vi.waitFor(() => expect(screen.getByLabelText('Order preview').textContent).not.toContain('Opening fee--'));
};

describe('the message area', () => {
  /** Shows what the test presses: a result or the start of an action. */
  function Actions() {
    const messages = useLeverMessages();
    return (
      <>
        <button onClick={() => messages.show({ tone: 'success', text: 'Trade opened' })}>opened</button>
        <button onClick={() => messages.show({ tone: 'success', text: 'Trade closed' })}>closed</button>
        <button onClick={() => messages.show({ tone: 'error', text: 'Refused' })}>refused</button>
        <button onClick={messages.clear}>next action</button>
      </>
    );
  }

  it('lets a result replace the last one, and a success go by itself after a few seconds', () => {
    vi.useFakeTimers();
    render(withArea(<Actions />));
    fireEvent.click(screen.getByText('opened'));
    expect(status()).toBe('Trade opened');
    act(() => {
      vi.advanceTimersByTime(LEVER_MESSAGE_MS - 1000);
    });
    // A new result replaces it and has its own few seconds.
    fireEvent.click(screen.getByText('closed'));
    expect(status()).toBe('Trade closed');
    act(() => {
      vi.advanceTimersByTime(LEVER_MESSAGE_MS - 1);
    });
    expect(status()).toBe('Trade closed');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(status()).toBe('');
    expect(LEVER_MESSAGE_MS).toBeLessThanOrEqual(6000);
  });

  it('keeps a refusal until the next action or its close button, and a refusal replaces a success', () => {
    vi.useFakeTimers();
    render(withArea(<Actions />));
    fireEvent.click(screen.getByText('opened'));
    fireEvent.click(screen.getByText('refused'));
    expect(status()).toBe('');
    expect(alertText()).toBe('Refused');
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(alertText()).toBe('Refused');
    fireEvent.click(screen.getByText('next action'));
    expect(alertText()).toBe('');
    fireEvent.click(screen.getByText('refused'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(alertText()).toBe('');
  });

  it('says what a close realized after fees, a partial close of its part, and a cancel as the server says', () => {
    // 71.9925 back - 60 margin - 3 opening fee; fees 3 + 3.0075 (rounded up, as fees show).
    expect(closeResultText({ message: TRADE_MSG.tradeClosed, trade: closedTrade }, english)).toBe(
      'Trade closed. Realized P/L +8.99 USDT (fees 6.01 USDT)',
    );
    const loss = trade({ status: 'liquidated', is_closed: true, profit_loss_decimal: '-60', closed_balance: '0' });
    expect(closeResultText({ message: TRADE_MSG.tradeLiquidated, trade: loss }, english)).toBe(
      `${TRADE_MSG.tradeLiquidated}. Realized P/L -63.00 USDT (fees 3.00 USDT)`,
    );
    const part = trade({ hands: '0.05', margin: '30', open_fee: '1.5', close_fee: '1.5', closed_balance: '36' });
    expect(
      closeResultText(
        {
          message: TRADE_MSG.partlyClosed('0.05', '0.05'),
          trade: trade({ hands: '0.05', margin: '30' }),
          closed: { ...part, status: 'closed', is_closed: true },
        },
        english,
      ),
    ).toBe('Closed 0.05 hands; 0.05 stay open. Realized P/L +4.50 USDT (fees 3.00 USDT)');
    const cancelled = order({ status: 'cancelled', is_closed: true, closed_balance: '62' });
    expect(closeResultText({ message: TRADE_MSG.orderCancelled, trade: cancelled }, english)).toBe(
      TRADE_MSG.orderCancelled,
    );
  });

  it('on the screen: "Trade opened", then the close’s realized P/L replaces it, then the cancel says so', async () => {
    localStorage.setItem('leverHighLeverageCheck', 'off');
    api.on('POST /api-v1/trade-creation/', [201, { message: TRADE_MSG.tradeOpened, trade: trade() }]);
    show(
      <>
        <OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />
        <OpenOrders trades={[trade(), order()]} loading={false} />
      </>,
    );
    fireEvent.change(hands(), { target: { value: '0.1' } });
    await ready();
    fireEvent.click(buy());
    await vi.waitFor(() => expect(status()).toBe(TRADE_MSG.tradeOpened));

    api.on('POST /api-v1/trade-updation/', [200, { message: TRADE_MSG.tradeClosed, trade: closedTrade }]);
    fireEvent.click(screen.getByRole('button', { name: /^Close BTC\/USDT long/ }));
    // Opening the close sheet is the next action: the old result goes at once.
    expect(status()).toBe('');
    fireEvent.click(await screen.findByRole('button', { name: 'Close all' }));
    await vi.waitFor(() => expect(status()).toBe('Trade closed. Realized P/L +8.99 USDT (fees 6.01 USDT)'));
    expect(screen.queryByText(TRADE_MSG.tradeOpened)).toBeNull();

    api.on('POST /api-v1/trade-updation/', [
      200,
      { message: TRADE_MSG.orderCancelled, trade: order({ status: 'cancelled', is_closed: true }) },
    ]);
    fireEvent.click(screen.getByRole('tab', { name: /Open orders/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Cancel BTC\/USDT long/ }));
    await vi.waitFor(() => expect(status()).toBe(TRADE_MSG.orderCancelled));
    expect(screen.queryByText(/Realized P\/L/)).toBeNull();

    // Typing the next order is an action too.
    fireEvent.change(hands(), { target: { value: '0.2' } });
    expect(status()).toBe('');
  });
});

describe('a result whose row has gone', () => {
  it('still shows the cancel and the close when the pushed list drops the row before the answer arrives', async () => {
    let setTrades: (trades: TradeItem[]) => void = () => {};
    function PushedList() {
      const [trades, set] = useState<TradeItem[]>([trade(), order()]);
      setTrades = set;
      return <OpenOrders trades={trades} loading={false} />;
    }
    // The positions push delivers the list without the trade before trade-updation answers.
    api.on('POST /api-v1/trade-updation/', (call) => {
      const id = (call.body as { trade_id: number }).trade_id;
      act(() => setTrades([trade(), order()].filter((t) => t.trade_id !== id)));
      return id === 9
        ? [200, { message: TRADE_MSG.orderCancelled, trade: order({ status: 'cancelled', is_closed: true }) }]
        : [200, { message: TRADE_MSG.tradeClosed, trade: closedTrade }];
    });
    show(<PushedList />);
    fireEvent.click(screen.getByRole('tab', { name: /Open orders/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Cancel BTC\/USDT long/ }));
    await vi.waitFor(() => expect(status()).toBe(TRADE_MSG.orderCancelled));
    fireEvent.click(screen.getByRole('tab', { name: /Positions/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Close BTC\/USDT long/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close all' }));
    await vi.waitFor(() => expect(status()).toBe('Trade closed. Realized P/L +8.99 USDT (fees 6.01 USDT)'));
  });
});

describe('positions and open orders', () => {
  it('splits them into two tabs with their counts', () => {
    show(<OpenOrders trades={[trade(), trade({ trade_id: 8 }), order()]} loading={false} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Positions (2)', 'Open orders (1)']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('list', { name: 'Positions' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Pending limit')).toBeNull();
    fireEvent.click(tabs[1]!);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    const orders = screen.getByRole('list', { name: 'Open orders' });
    expect(within(orders).getAllByRole('listitem')).toHaveLength(1);
    expect(within(orders).getByText('Pending limit')).toBeTruthy();
  });

  it("shows 'no record' in an empty tab, with 0 counts", () => {
    show(<OpenOrders trades={[order()]} loading={false} />);
    expect(screen.getByRole('tab', { name: 'Positions (0)' })).toBeTruthy();
    expect(screen.getByText('no record')).toBeTruthy();
  });

  it('shows ROE (P/L / margin x 100, 2 decimals) with its sign and colour beside the P/L', () => {
    expect(formatRoe('15.005', '60')).toBe('+25.01%');
    expect(formatRoe('-3.456', '60')).toBe('-5.76%');
    expect(formatRoe('0', '60')).toBe('0.00%');
    expect(formatRoe('1', '0')).toBeNull();
    show(
      <OpenOrders
        trades={[trade(), trade({ trade_id: 8, trade_type: 'sell', profit_loss_decimal: '-3.456', margin: '120' })]}
        loading={false}
      />,
    );
    const [long, short] = screen.getAllByRole('listitem');
    const gain = within(long!).getByLabelText('ROE +25.01%');
    expect(gain.className).toContain('text-up');
    const loss = within(short!).getByLabelText('ROE -2.88%');
    expect(loss.className).toContain('text-down');
  });
});

describe('the order form', () => {
  it('fills the hands with 25/50/75/100 % of what the margin allows from the slider', async () => {
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    const slider = screen.getByRole('slider', { name: /Size/ }) as HTMLInputElement;
    // It waits for the trading rules (the fee is part of what the margin allows).
    await vi.waitFor(() => expect(slider.disabled).toBe(false));
    fireEvent.change(slider, { target: { value: '50' } });
    // 500 / (60000 x (1/100 + 0.0005)).
    expect(hands().value).toBe('0.79365079');
    fireEvent.change(slider, { target: { value: '100' } });
    expect(hands().value).toBe('1.58730158');
    expect(buy().hasAttribute('disabled')).toBe(false);
    fireEvent.change(hands(), { target: { value: '0.4' } });
    expect(slider.value).toBe('25');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(hands().value).toBe('');
  });

  it('takes a tapped book price as the limit price, switching a market order to limit', async () => {
    api.on('GET /api/v3/depth', [
      200,
      { lastUpdateId: 1, bids: [['59990.50000000', '1.2']], asks: [['60010.10000000', '0.5']] },
    ]);
    const onPick = vi.fn();
    show(<OrderBook symbol="BTCUSDT" price="60000" changePercent="1" onPickPrice={onPick} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use 59,990.50 as the limit price' }));
    expect(onPick).toHaveBeenCalledWith('59990.5');
    cleanup();

    /** The Lever screen's wiring: a tap gives the form a new picked price. */
    function BookAndForm() {
      const [picked, setPicked] = useState<PickedPrice | null>(null);
      return (
        <>
          <button onClick={() => setPicked({ price: '59990.5' })}>tap 59990.5</button>
          <OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} pickedPrice={picked} />
        </>
      );
    }
    show(<BookAndForm />);
    expect(screen.getByRole('radio', { name: 'Market price' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('tap 59990.5'));
    expect(screen.getByRole('radio', { name: 'Limit price' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Limit price') as HTMLInputElement).value).toBe('59990.5');
    // The same price tapped again after an edit applies again.
    fireEvent.change(screen.getByLabelText('Limit price'), { target: { value: '1' } });
    fireEvent.click(screen.getByText('tap 59990.5'));
    expect((screen.getByLabelText('Limit price') as HTMLInputElement).value).toBe('59990.5');
  });

  it('asks before the first order at 50X or more in a visit, and not again after "Don\'t ask again"', async () => {
    api.on('POST /api-v1/trade-creation/', [201, { message: TRADE_MSG.tradeOpened, trade: trade() }]);
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.1' } });
    await ready();
    fireEvent.click(buy());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm a 100X order' });
    expect(dialog.textContent).toContain('At 100X a price move of 1 % against this position takes its whole margin.');
    expect(dialog.textContent).toContain('liquidated at about 59,698.49');
    expect(creations()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(creations()).toHaveLength(0);

    fireEvent.click(buy());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(creations()).toHaveLength(1));
    // Answered once in this visit: the next order goes straight.
    await vi.waitFor(() => expect(status()).toBe(TRADE_MSG.tradeOpened));
    fireEvent.change(hands(), { target: { value: '0.1' } });
    fireEvent.click(buy());
    await vi.waitFor(() => expect(creations()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    // A new visit asks again, until "Don't ask again".
    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.1' } });
    await ready();
    fireEvent.click(screen.getByRole('radio', { name: '30X' }));
    fireEvent.click(buy());
    await vi.waitFor(() => expect(creations()).toHaveLength(3));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '50X' }));
    fireEvent.change(hands(), { target: { value: '0.1' } });
    fireEvent.click(buy());
    const again = await screen.findByRole('dialog', { name: 'Confirm a 50X order' });
    fireEvent.click(within(again).getByRole('checkbox', { name: "Don't ask again" }));
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(creations()).toHaveLength(4));
    expect(localStorage.getItem('leverHighLeverageCheck')).toBe('off');
    cleanup();

    show(<OrderForm coin="BTC" price="60000" balance="1000" balanceFailed={false} />);
    fireEvent.change(hands(), { target: { value: '0.1' } });
    await ready();
    fireEvent.click(buy());
    await vi.waitFor(() => expect(creations()).toHaveLength(5));
    expect(screen.queryByRole('dialog')).toBeNull();
    // While it is off the form says so and turns it back on.
    expect(screen.getByText(LEVER_FORM_TEXT.checkOff)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: LEVER_FORM_TEXT.turnOn }));
    expect(localStorage.getItem('leverHighLeverageCheck')).toBe('on');
    expect(screen.queryByText(LEVER_FORM_TEXT.checkOff)).toBeNull();
  });
});
