/**
 * The first price alert of the set-up shared by the service tests (tests/services/price-alerts.test.ts)
 * and the route tests (tests/api/price-alerts.test.ts): the body a client sends and the answer it gets.
 */
import { expect } from 'vitest';
import { PRICE_ALERTS_MSG } from '../../src/shared/api/price-alerts.js';

/** An "above 75,000" alert on BTCUSDT, its symbol written in lower case as a client may. */
export const ABOVE_BODY = { symbol: 'btcusdt', condition: 'above', value: '75000' } as const;

/** The answer to ABOVE_BODY: the created message and the new alert, not fired yet. */
export const ABOVE_CREATED = {
  message: PRICE_ALERTS_MSG.created,
  alert: {
    id: expect.any(Number),
    symbol: 'BTCUSDT',
    condition: 'above',
    value: '75000',
    created_at: expect.any(String),
    fired_at: null,
    fired_price: null,
  },
};
