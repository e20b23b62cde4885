/** Staff HTTP of docs/product.md 7 "Admin": the pending-transaction queue and its approve / cancel. */
import { errorBody } from '../../../shared/api/common.js';
import {
  pendingTransactions,
  pendingTransactionsQuery,
  transactionVerificationBody,
  transactionVerificationQuery,
  transactionVerified,
} from '../../../shared/api/wallet.js';
import type { AppContext, ZodApp } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { createReviewService } from './review.js';
import { listPending } from './transactions.js';

export function registerStaffRoutes(app: ZodApp, ctx: AppContext) {
  const review = createReviewService(ctx);
  const { requireAdmin } = ctx.guard;
  const tags = ['admin'];

  // An empty queue is 200 [] (docs/product.md 8 lets clients also read 404 as empty; we never need it).
  // One page, oldest first; `after` the last transaction_id seen gives the next (docs/decisions/0020).
  app.get('/api-v3/admin/pending-transactions/', {
    onRequest: requireAdmin,
    schema: {
      tags,
      querystring: pendingTransactionsQuery,
      response: { 200: pendingTransactions, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: (req) => listPending(ctx.db, req.query),
  });

  app.post('/api-v3/admin/transactions-verification/', {
    onRequest: requireAdmin,
    schema: {
      tags,
      querystring: transactionVerificationQuery,
      body: transactionVerificationBody,
      response: {
        200: transactionVerified,
        400: errorBody,
        401: errorBody,
        403: errorBody,
        404: errorBody,
        409: errorBody,
      },
    },
    handler: (req) => review.decide(currentUser(req).id, req.query.transaction_id, req.body.action, req.body.reason),
  });
}
