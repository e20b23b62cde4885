/** The audit log of staff actions: who did what to which object, with the state before and after. */
import type { Queryable } from '../db/database.js';
import { auditLog } from '../db/schema.js';

export interface AuditEntry {
  actorId: number;
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Write inside the same transaction as the change it records, so neither exists without the other. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
