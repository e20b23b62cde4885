/** The market service. (Foundation: only USDO is priced here; the simulator and exchange feed follow.) */
import { IN_HOUSE_COIN } from '../../../shared/constants.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { MarketService } from './types.js';
import { usdoPrice } from './usdo.js';

export function createMarketService(config: Config, db: Db): MarketService {
  return {
    async markPrice(coin) {
      if (coin.toUpperCase() !== IN_HOUSE_COIN) return null;
      const { price } = await usdoPrice(db, config.usdoPrice);
      return { price, stale: false, updatedAt: Date.now() };
    },
    async start() {},
    async stop() {},
  };
}
