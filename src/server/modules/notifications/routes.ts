/**
 * HTTP and push of notifications (docs/decisions/0034-notifications.md): GET /api-v1/notifications/ lists the
 * user's own, POST /api-v1/notifications/read/ marks them read, and notifications@user.<id> over /ws
 * sends the first page again on every change (new or read), on any instance. POST /api-v1/user/language/
 * keeps the language picked on Home, in which the user's mails are written (mail.ts).
 */
import { errorBody } from '../../../shared/api/common.js';
import {
  languageAnswer,
  languageBody,
  markReadAnswer,
  markReadBody,
  notificationsPage,
  notificationsQuery,
  type NotificationsEvent,
} from '../../../shared/api/notifications.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { createUserStream } from '../realtime/index.js';
import { startMailRetry, type MailRetry } from './mail.js';
import { createNotificationsService } from './service.js';

/** The NOTIFY channel of migration 0016: a user id on every new or read notification. */
const NOTIFICATIONS_CHANGED = 'notifications_changed';

export const notificationsModule: AppModule = (app, ctx) => {
  const service = createNotificationsService(ctx);
  const { requireUser } = ctx.guard;
  const tags = ['notifications'];

  createUserStream(ctx, {
    name: 'notifications',
    read: async (userId) =>
      JSON.stringify({ e: 'notifications', ...(await service.page(userId, {})) } satisfies NotificationsEvent),
    changes: NOTIFICATIONS_CHANGED,
  });

  app.get('/api-v1/notifications/', {
    onRequest: requireUser,
    schema: {
      tags,
      querystring: notificationsQuery,
      response: { 200: notificationsPage, 400: errorBody, 401: errorBody },
    },
    handler: (req) => service.page(currentUser(req).id, req.query),
  });

  app.post('/api-v1/notifications/read/', {
    onRequest: requireUser,
    schema: { tags, body: markReadBody, response: { 200: markReadAnswer, 400: errorBody, 401: errorBody } },
    handler: (req) => service.markRead(currentUser(req).id, req.body),
  });

  app.post('/api-v1/user/language/', {
    onRequest: requireUser,
    schema: { tags, body: languageBody, response: { 200: languageAnswer, 400: errorBody, 401: errorBody } },
    handler: (req) => service.setLanguage(currentUser(req).id, req.body.language),
  });

  // Mails that failed are sent again (mail.ts); every instance may run it, each row goes out once.
  const retryMs = ctx.config.mailRetryIntervalMs;
  if (retryMs > 0) {
    let retry: MailRetry | undefined;
    app.addHook('onReady', async () => {
      retry = startMailRetry(ctx, retryMs);
    });
    app.addHook('onClose', async () => {
      await retry?.stop();
    });
  }
};
