/**
 * HTTP of convert (docs/decisions/0053-convert.md): POST /api-v1/convert/quote/ prices a swap and
 * keeps the quote 10 s; POST /api-v1/convert/ executes it once.
 */
import { errorBody } from '../../../shared/api/common.js';
import { convertDone, convertExecuteBody, convertQuote, convertQuoteBody } from '../../../shared/api/convert.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { createConvertService } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };

export const convertModule: AppModule = (app, ctx) => {
  const convert = createConvertService(ctx);
  const { requireUser } = ctx.guard;
  const tags = ['convert'];

  app.post('/api-v1/convert/quote/', {
    onRequest: requireUser,
    schema: { tags, body: convertQuoteBody, response: { 200: convertQuote, ...errors } },
    handler: (req) => convert.quote(currentUser(req).id, req.body),
  });

  app.post('/api-v1/convert/', {
    onRequest: requireUser,
    schema: { tags, body: convertExecuteBody, response: { 200: convertDone, ...errors } },
    handler: (req) => convert.execute(currentUser(req).id, req.body.quote_id),
  });
};
