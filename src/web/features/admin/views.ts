/**
 * The staff menu's views, kept in the address of /admin/dashboard: no ?view is the Dashboard (the
 * Chats and Requests tabs), ?view=users, ?view=books, ?view=custody and ?view=settings the others. Users keeps its own
 * place too: ?section=audit, ?q= (search), ?page=, ?user= (a user's detail), and at a desk the tables'
 * ?sort=, ?order=, ?role= and the audit log's ?action=, ?target_type=, ?actor= (docs/decisions/0041-staff-console-at-a-desk.md).
 */
const STAFF_VIEWS = ['dashboard', 'users', 'books', 'fiat', 'earn', 'custody', 'settings'] as const;
export type StaffView = (typeof STAFF_VIEWS)[number];

export function staffViewOf(params: URLSearchParams): StaffView {
  const view = params.get('view');
  return STAFF_VIEWS.find((v) => v !== 'dashboard' && v === view) ?? 'dashboard';
}

export const paramsOfView = (view: StaffView): Record<string, string> => (view === 'dashboard' ? {} : { view });

/** A positive whole number from the address, else `fallback`. */
export function positiveIntParam(params: URLSearchParams, name: string, fallback: number): number {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
