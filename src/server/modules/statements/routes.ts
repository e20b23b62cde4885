/**
 * GET /api-v1/statements/?from=&to=&kind= (docs/decisions/0055-alerts-statements.md): the caller's
 * transactions or closed trades of a period as a CSV download (Content-Disposition: attachment).
 */
import { statementQuery } from '../../../shared/api/statements.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { createStatementsService } from './service.js';

export const statementsModule: AppModule = (app, ctx) => {
  const service = createStatementsService(ctx);

  app.get('/api-v1/statements/', {
    onRequest: ctx.guard.requireUser,
    // No response schema: the answer is the CSV text; errors are the usual { error } bodies.
    schema: { tags: ['statements'], querystring: statementQuery },
    handler: async (req, reply) => {
      const { filename, csv } = await service.statement(currentUser(req).id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};
