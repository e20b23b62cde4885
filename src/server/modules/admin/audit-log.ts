/** The audit log as staff read it: newest first, with the actor's email. */
import { count, desc, eq } from 'drizzle-orm';
import type { AuditLogPage, AuditLogQuery } from '../../../shared/api/admin.js';
import type { Queryable } from '../../db/database.js';
import { auditLog, users } from '../../db/schema.js';

export async function listAuditLog(db: Queryable, query: AuditLogQuery): Promise<AuditLogPage> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(auditLog),
  ]);
  return {
    items: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actor_id: entry.actorId,
      actor_email: actorEmail,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      created_at: entry.createdAt.toISOString(),
    })),
    total: totalRow?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
