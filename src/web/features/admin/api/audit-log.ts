/** GET /api-v3/admin/audit-log/: one page of the staff's audited actions, newest first; at a desk sorted and filtered (docs/decisions/0041-staff-console-at-a-desk.md). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogPage, type AuditLogSort } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const AUDIT_PAGE_SIZE = 20;

/** The desk table's sort and filters; empty on a phone. */
export interface AuditTableParams {
  sort?: AuditLogSort;
  order?: 'asc' | 'desc';
  action?: string;
  target_type?: string;
  actor?: string;
}

const auditLogQuery = (page: number, table: AuditTableParams) =>
  queryOptions({
    queryKey: adminKeys.auditPage(page, table),
    queryFn: ({ signal }) =>
      api.get('/api-v3/admin/audit-log/', {
        query: { page, page_size: AUDIT_PAGE_SIZE, ...table },
        schema: auditLogPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useAuditLog = (page: number, table: AuditTableParams = {}) => useQuery(auditLogQuery(page, table));
