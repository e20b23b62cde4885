/** HTTP of the staff console under /api-v3/admin: users (read only), the audit log, settings. Staff only. */
import {
  adminSettings,
  adminUserDetail,
  adminUserParams,
  adminUsersPage,
  adminUsersQuery,
  booksReport,
  auditLogPage,
  auditLogQuery,
  faqEntryBody,
  faqEntryParams,
  faqEntrySaved,
  settingsSaved,
  settingsUpdateBody,
} from '../../../shared/api/admin.js';
import { errorBody } from '../../../shared/api/common.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { readBooks } from '../ledger/index.js';
import { listAuditLog } from './audit-log.js';
import { createSettingsService } from './settings.js';
import { searchUsers, userDetail } from './users.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const adminModule: AppModule = (app, ctx) => {
  const settingsService = createSettingsService(ctx);
  const onRequest = ctx.guard.requireAdmin;
  const tags = ['admin'];

  app.get('/api-v3/admin/users/', {
    onRequest,
    schema: { tags, querystring: adminUsersQuery, response: { 200: adminUsersPage, ...errors } },
    handler: (req) => searchUsers(ctx.db, req.query),
  });

  app.get('/api-v3/admin/users/:user_id/', {
    onRequest,
    schema: { tags, params: adminUserParams, response: { 200: adminUserDetail, ...errors } },
    handler: (req) => userDetail(ctx.db, req.params.user_id),
  });

  app.get('/api-v3/admin/audit-log/', {
    onRequest,
    schema: { tags, querystring: auditLogQuery, response: { 200: auditLogPage, ...errors } },
    handler: (req) => listAuditLog(ctx.db, req.query),
  });

  app.get('/api-v3/admin/books/', {
    onRequest,
    schema: { tags, response: { 200: booksReport, ...errors } },
    handler: () => readBooks(ctx.db),
  });

  app.get('/api-v3/admin/settings/', {
    onRequest,
    schema: { tags, response: { 200: adminSettings, ...errors } },
    handler: () => settingsService.read(),
  });

  app.put('/api-v3/admin/settings/', {
    onRequest,
    schema: { tags, body: settingsUpdateBody, response: { 200: settingsSaved, ...errors } },
    handler: (req) => settingsService.update(currentUser(req).id, req.body),
  });

  app.put('/api-v3/admin/settings/faq/:id/', {
    onRequest,
    schema: { tags, params: faqEntryParams, body: faqEntryBody, response: { 200: faqEntrySaved, ...errors } },
    handler: (req) => settingsService.updateFaq(currentUser(req).id, req.params.id, req.body),
  });
};
