/** The audit log as staff read it: newest first, with the actor's email. */
import { and, count, desc, eq, ilike, type AnyColumn } from 'drizzle-orm';
import type { AuditLogPage, AuditLogQuery, AuditLogSort } from '../../../shared/api/admin.js';
import type { Queryable } from '../../db/database.js';
import { auditLog, users } from '../../db/schema.js';
import { containsPattern, orderOf } from '../../db/sorting.js';

/** The audit log table's sortable columns (docs/decisions/0041-staff-console-at-a-desk.md): the allow-list behind `sort`. */
const AUDIT_SORT_COLUMNS: Record<AuditLogSort, AnyColumn> = {
  created_at: auditLog.createdAt,
  action: auditLog.action,
  actor_email: users.email,
  target_type: auditLog.targetType,
};

export async function listAuditLog(db: Queryable, query: AuditLogQuery): Promise<AuditLogPage> {
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.target_type ? eq(auditLog.targetType, query.target_type) : undefined,
    query.actor ? ilike(users.email, containsPattern(query.actor)) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...orderOf(AUDIT_SORT_COLUMNS, auditLog.id, query.sort, query.order, [desc(auditLog.id)]))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(auditLog).innerJoin(users, eq(users.id, auditLog.actorId)).where(where),
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
