/** Market HTTP: the default currency (USDO) price. The exchange-compatible API is added by the market service. */
import { z } from 'zod';
import { IN_HOUSE_COIN } from '../../../shared/constants.js';
import type { AppModule } from '../../context.js';
import { usdoPrice } from './usdo.js';

export const defaultCurrencyResponse = z.object({ currency: z.string(), price: z.string() });

export const marketModule: AppModule = (app, ctx) => {
  app.get('/api-v1/default-currency/', {
    schema: { tags: ['market'], response: { 200: defaultCurrencyResponse } },
    handler: async () => ({ currency: IN_HOUSE_COIN, price: (await usdoPrice(ctx.db, ctx.config.usdoPrice)).price }),
  });
};
