/**
 * The staff console's calls (/api-v3/admin): users, one user's detail, the audit log, settings.
 * Every settings change is audited by the server, so a save refreshes the settings and the log.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSettings,
  adminUserDetail,
  adminUsersPage,
  auditLogPage,
  faqEntrySaved,
  settingsSaved,
  type FaqEntryBody,
  type SettingsUpdateBody,
} from '../../../shared/api/admin';
import { api } from '../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  user: (userId: number) => ['admin', 'user', userId] as const,
  auditLog: ['admin', 'audit-log'] as const,
  auditPage: (page: number) => ['admin', 'audit-log', page] as const,
  settings: ['admin', 'settings'] as const,
};

export const USERS_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 20;

export const usersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) =>
      api.get('/api-v3/admin/users/', {
        query: { q: q || undefined, page, page_size: USERS_PAGE_SIZE },
        schema: adminUsersPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useUsers = (q: string, page: number) => useQuery(usersQuery(q, page));

export const userDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => api.get(`/api-v3/admin/users/${userId}/`, { schema: adminUserDetail, signal }),
  });
export const useUserDetail = (userId: number) => useQuery(userDetailQuery(userId));

export const auditLogQuery = (page: number) =>
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

export const settingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => api.get('/api-v3/admin/settings/', { schema: adminSettings, signal }),
  });
export const useSettings = () => useQuery(settingsQuery());

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsUpdateBody) => api.put('/api-v3/admin/settings/', body, { schema: settingsSaved }),
    onSuccess: async (saved) => {
      client.setQueryData(adminKeys.settings, saved.settings);
      await client.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
  });
}

export function useSaveFaqEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: FaqEntryBody }) =>
      api.put(`/api-v3/admin/settings/faq/${id}/`, body, { schema: faqEntrySaved }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.settings }),
        client.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]);
    },
  });
}
