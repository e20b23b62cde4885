/** Sessions and devices (docs/decisions/0023-sessions-and-hygiene.md): GET /api-v1/sessions/, DELETE one, POST revoke-others. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Loaded with the first answer: zod stays out of the first paint. */
const schemas = () => import('../../../../shared/api/sessions');

export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['safety', 'sessions'] as const,
    queryFn: ({ signal }) =>
      api.get('/api-v1/sessions/', { schema: async () => (await schemas()).sessionList, signal }),
  });

export const endSession = (sessionId: string) => api.delete(`/api-v1/sessions/${encodeURIComponent(sessionId)}/`);

export const endOtherSessions = () =>
  api.post(
    '/api-v1/sessions/revoke-others/',
    {},
    {
      schema: async () => (await schemas()).revokeOthersResponse,
    },
  );
