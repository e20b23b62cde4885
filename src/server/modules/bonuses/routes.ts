/**
 * HTTP of bonuses (docs/decisions/0030): GET /api-v1/bonus-tiers/ (public: the schedule is on
 * Home before sign-in) tells what is on offer; GET /api-v1/bonus-lock/ tells a user their locked bonus
 * and what they may withdraw (docs/decisions/0047); staff read and change the switch and the tiers under
 * /api-v3/admin/settings/bonuses/ (audited).
 */
import {
  bonusLock,
  bonusSettings,
  bonusSettingsBody,
  bonusSettingsSaved,
  bonusTiers,
} from '../../../shared/api/bonuses.js';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import { errorBody } from '../../../shared/api/common.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { walletBalances } from '../ledger/index.js';
import { bonusLockOf } from './lock.js';
import { createBonusSettingsService } from './settings.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export const bonusesModule: AppModule = (app, ctx) => {
  const service = createBonusSettingsService(ctx);
  const tags = ['bonuses'];

  app.get('/api-v1/bonus-tiers/', {
    schema: { tags, response: { 200: bonusTiers } },
    handler: () => service.offer(),
  });

  app.get('/api-v1/bonus-lock/', {
    onRequest: ctx.guard.requireUser,
    schema: { tags, response: { 200: bonusLock, ...errors } },
    handler: async (req) => {
      const userId = currentUser(req).id;
      const funding = (await walletBalances(ctx.db, userId, 'funding')).get(QUOTE_CURRENCY) ?? '0';
      return bonusLockOf(ctx.db, userId, funding);
    },
  });

  app.get('/api-v3/admin/settings/bonuses/', {
    onRequest: ctx.guard.requireAdmin,
    schema: { tags, response: { 200: bonusSettings, ...errors } },
    handler: () => service.read(),
  });

  app.put('/api-v3/admin/settings/bonuses/', {
    onRequest: ctx.guard.requireAdmin,
    schema: { tags, body: bonusSettingsBody, response: { 200: bonusSettingsSaved, ...errors } },
    handler: (req) => service.update(currentUser(req).id, req.body),
  });
};
