/**
 * Query keys of the staff console's calls (/api-v3/admin). Every settings change is audited by the
 * server, so a save refreshes the settings and the log.
 */
export const adminKeys = {
  users: (q: string, page: number, table?: object) => ['admin', 'users', q, page, table ?? {}] as const,
  user: (userId: number) => ['admin', 'user', userId] as const,
  auditLog: ['admin', 'audit-log'] as const,
  auditPage: (page: number, table?: object) => ['admin', 'audit-log', page, table ?? {}] as const,
  settings: ['admin', 'settings'] as const,
  books: ['admin', 'books'] as const,
};
