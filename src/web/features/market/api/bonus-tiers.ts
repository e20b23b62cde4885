/**
 * GET /api-v1/bonus-tiers/ (docs/decisions/0030): the bonus tiers on offer now, as staff set
 * them in Settings; every group is empty while bonuses are off, so nothing promises them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A minute: staff change the tiers rarely, and opening the schedule looks again after that. */
const TIERS_FRESH_MS = 60_000;

/** The answer's schema loads with the request, not with Home (zod is not part of its first paint). */
const bonusTiers = async () => (await import('../../../../shared/api/bonuses')).bonusTiers;

export const BONUS_TIERS_KEY = ['bonus-tiers'] as const;

export const useBonusTiers = () =>
  useQuery(
    queryOptions({
      queryKey: BONUS_TIERS_KEY,
      queryFn: ({ signal }) => api.get('/api-v1/bonus-tiers/', { schema: bonusTiers, signal, auth: false }),
      staleTime: TIERS_FRESH_MS,
    }),
  );
