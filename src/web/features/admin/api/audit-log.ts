/** GET /api-v3/admin/audit-log/: one page of the staff's audited actions, newest first. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogPage } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

export const AUDIT_PAGE_SIZE = 20;

const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.auditPage(page),
    queryFn: ({ signal }) =>
      api.get('/api-v3/admin/audit-log/', {
        query: { page, page_size: AUDIT_PAGE_SIZE },
        schema: auditLogPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
