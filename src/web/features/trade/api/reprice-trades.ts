/**
 * docs/product.md 7: every 20 s all active trades are re-priced (POST /api-v1/trade-updation/ with
 * is_closed false), and the selected coin's trades on each price change. The server prices a
 * trade at its own mark and changes nothing, so the selected coin's re-pricing is throttled to
 * the price rhythm (3 s): a busier stream would only repeat the same answer. Failures are only
 * logged (docs/product.md 8); the 1 s list keeps showing the server's P/L either way.
 *
 * Only while the positions push is not live, like the list's 1 s poll (docs/product.md 7 "As built").
 * While it is live its frames bring the server's P/L at every price move, so the calls would repeat
 * it, and its frames are the list's one writer (positions-push.ts): an answer priced just before a
 * move could arrive after the move's frame and put the older P/L back for good, because the server
 * does not send a frame equal to its last one (docs/decisions/0027-positions-push.md). Whether the
 * push is live is read again when an answer comes: it may have come back meanwhile.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { tradeAnswer, type TradeItem } from '../../../../shared/api/trade';
import { POLL } from '../../../../shared/constants';
import { api } from '../../../lib/api';
import { mergeActiveTrade } from './active-trades';

const repriceTrade = (tradeId: number, currentPrice: string) =>
  api.post(
    '/api-v1/trade-updation/',
    { trade_id: tradeId, current_price: currentPrice, is_closed: false },
    { schema: tradeAnswer },
  );

/** Pending orders have no P/L to update. */
const openOnes = (trades: readonly TradeItem[]) => trades.filter((trade) => trade.status === 'open');

/** Whether the list is pushed is read when the answer comes, not when it was asked. */
function mergeAnswer(client: QueryClient, pushed: RefObject<boolean>, trade: TradeItem): void {
  if (!pushed.current) mergeActiveTrade(client, trade);
}

export function useTradeRepricing(
  trades: readonly TradeItem[] | undefined,
  coin: string,
  livePrice: string | undefined,
  pushed = false,
) {
  const client = useQueryClient();
  const tradesRef = useRef<readonly TradeItem[]>([]);
  const pushedRef = useRef(pushed);
  const lastByCoin = useRef(new Map<string, number>());

  useEffect(() => {
    tradesRef.current = trades ?? [];
    pushedRef.current = pushed;
  }, [trades, pushed]);

  useEffect(() => {
    const reprice = (items: readonly TradeItem[], price: (trade: TradeItem) => string) =>
      Promise.allSettled(
        items.map(async (trade) => {
          try {
            mergeAnswer(client, pushedRef, (await repriceTrade(trade.trade_id, price(trade))).trade);
          } catch (error) {
            console.warn(`[trade] re-pricing trade ${trade.trade_id} failed`, error);
          }
        }),
      );
    const timer = setInterval(() => {
      if (pushedRef.current) return;
      void reprice(openOnes(tradesRef.current), (trade) => trade.current_price ?? trade.starting_price);
    }, POLL.repriceAllTrades);
    return () => clearInterval(timer);
  }, [client]);

  useEffect(() => {
    if (!livePrice || pushedRef.current) return;
    const now = Date.now();
    if (now - (lastByCoin.current.get(coin) ?? -Infinity) < POLL.leverPrices) return;
    const mine = openOnes(tradesRef.current).filter((trade) => trade.coin === coin);
    if (mine.length === 0) return;
    lastByCoin.current.set(coin, now);
    for (const trade of mine) {
      repriceTrade(trade.trade_id, livePrice).then(
        (answer) => mergeAnswer(client, pushedRef, answer.trade),
        (error: unknown) => console.warn(`[trade] re-pricing trade ${trade.trade_id} failed`, error),
      );
    }
  }, [client, coin, livePrice]);
}
