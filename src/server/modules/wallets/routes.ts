/**
 * HTTP of docs/product.md 7 "Assets", "Transaction" and the deposit call: wallet lists, recharge, withdraw,
 * transfer, transaction history; and the staff review of "Admin" (staff-routes.ts).
 */
import { WALLET_KINDS } from '../../../shared/constants.js';
import { errorBody } from '../../../shared/api/common.js';
import { depositAddresses, depositAddressesQuery } from '../../../shared/api/deposits.js';
import {
  rechargeBody,
  transactionCreated,
  transactionHistory,
  transactionHistoryQuery,
  transactionItem,
  transactionParams,
  transferBody,
  WALLET_MSG,
  walletList,
  withdrawalBody,
  withdrawalCancelBody,
} from '../../../shared/api/wallet.js';
import type { LeverWalletEvent } from '../../../shared/api/streams.js';
import type { AppModule } from '../../context.js';
import { notFound } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { idempotencyOf, sendOutcome } from '../../plugins/idempotency.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { LEVER_WALLET_CHANGED } from '../ledger/index.js';
import { createUserStream } from '../realtime/index.js';
import { preparedWalletList } from './balances.js';
import { depositAddressList } from './deposit-networks.js';
import { createDepositService } from './deposits.js';
import { registerStaffRoutes } from './staff-routes.js';
import { listHistory, ownTransaction } from './transactions.js';
import { createTransferService } from './transfers.js';
import { createWithdrawalCancelService } from './withdrawal-cancel.js';
import { createWithdrawalService } from './withdrawals.js';
import { msg } from '../../../shared/message.js';

const errors = {
  400: errorBody,
  401: errorBody,
  409: errorBody,
  422: errorBody,
  423: errorBody,
  429: errorBody,
  503: errorBody,
};

export const walletsModule: AppModule = (app, ctx) => {
  const deposits = createDepositService(ctx);
  const withdrawals = createWithdrawalService(ctx);
  const transfers = createTransferService(ctx);
  const withdrawalCancel = createWithdrawalCancelService(ctx);
  const walletListOf = preparedWalletList(ctx.db);
  const { requireUser } = ctx.guard;
  const tags = ['wallets'];

  // lever-wallet@user.<id> over /ws: the lever wallet list pushed whenever a posting moves it, so the
  // Lever screen polls it only while its socket is down (docs/decisions/0071-lever-screen-push.md).
  const leverWallet = createUserStream(ctx, {
    name: 'lever-wallet',
    changes: LEVER_WALLET_CHANGED,
    read: async (userId) =>
      JSON.stringify({
        e: 'lever-wallet',
        balances: await walletListOf(userId, 'lever'),
      } satisfies LeverWalletEvent),
  });
  app.addHook('onClose', async () => leverWallet.stop());

  for (const wallet of WALLET_KINDS) {
    app.get(`/api-v1/${wallet}-wallet-list/`, {
      onRequest: requireUser,
      schema: { tags, response: { 200: walletList, 401: errorBody } },
      handler: (req) => walletListOf(currentUser(req).id, wallet),
    });
  }

  // See docs/decisions/0028-deposit-networks.md: where to send a deposit, per network. Signed-in users only, like the deposit screen
  // (docs/decisions/0028): no anonymous list of the platform's wallets for scrapers and look-alike sites.
  app.get('/api-v1/deposit-addresses/', {
    onRequest: requireUser,
    schema: {
      tags,
      querystring: depositAddressesQuery,
      response: { 200: depositAddresses, 400: errorBody, 401: errorBody },
    },
    handler: (req) => depositAddressList(ctx.db, ctx.config, req.query.currency, currentUser(req).id),
  });

  app.post('/api-v1/recharge/', {
    onRequest: requireUser,
    schema: { tags, body: rechargeBody, response: { 201: transactionCreated, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await deposits.request(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  app.post('/api-v1/withdraw/', {
    onRequest: requireUser,
    // Each attempt checks the transaction password: limit guessing with a stolen session, per user.
    config: perUserPerMinute(ctx.config.authRateLimit),
    schema: { tags, body: withdrawalBody, response: { 201: transactionCreated, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await withdrawals.request(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  // See docs/decisions/0029-withdrawal-networks.md: the owner cancels their pending withdrawal; the hold is refunded (withdrawal-cancel.ts).
  app.post('/api-v1/withdraw/cancel/', {
    onRequest: requireUser,
    schema: { tags, body: withdrawalCancelBody, response: { 200: transactionCreated, 404: errorBody, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await withdrawalCancel.cancel(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  app.post('/api-v1/transfer-to-wallet/', {
    onRequest: requireUser,
    schema: { tags, body: transferBody, response: { 201: transactionCreated, ...errors } },
    handler: async (req, reply) =>
      sendOutcome(reply, await transfers.transfer(currentUser(req).id, req.body, idempotencyOf(req))),
  });

  app.get('/api-v1/transcations-history/', {
    onRequest: requireUser,
    schema: {
      tags,
      querystring: transactionHistoryQuery,
      response: { 200: transactionHistory, 400: errorBody, 401: errorBody },
    },
    handler: (req) => listHistory(ctx.db, currentUser(req).id, req.query),
  });

  // One of the caller's own transactions, for the withdrawal status screen and a notification's link
  // (docs/decisions/0062-money-screens.md); another user's id answers 404 as one that does not exist.
  app.get('/api-v1/transactions/:id/', {
    onRequest: requireUser,
    schema: {
      tags,
      params: transactionParams,
      response: { 200: transactionItem, 400: errorBody, 401: errorBody, 404: errorBody },
    },
    handler: async (req) => {
      const item = await ownTransaction(ctx.db, currentUser(req).id, req.params.id);
      if (!item) throw notFound(msg(WALLET_MSG, 'transactionNotFound'));
      return item;
    },
  });

  registerStaffRoutes(app, ctx);
};
