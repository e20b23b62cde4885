/**
 * The signed-in user's favourite pairs (docs/decisions/0060-markets-and-charts.md): GET /api-v1/favourites/,
 * and PUT or DELETE of one symbol, whose answer is the whole list again. A signed-out visitor keeps none.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavouritesList } from '../../../../shared/api/favourites';
import { api } from '../../../lib/api';

const FAVOURITES_KEY = ['favourites'] as const;
/** The answers' schema loads with the request, not with the market chunk (zod is not part of Home's first paint). */
const favouritesList = async () => (await import('../../../../shared/api/favourites')).favouritesList;
const path = (symbol: string) => `/api-v1/favourites/${encodeURIComponent(symbol)}/`;

export function useFavourites(loggedIn: boolean) {
  return useQuery({
    queryKey: FAVOURITES_KEY,
    queryFn: ({ signal }) => api.get('/api-v1/favourites/', { schema: favouritesList, signal }),
    enabled: loggedIn,
    staleTime: 60_000,
  });
}

/** Stars or unstars a pair; the star turns at once and the server's list replaces the guess. */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, on }: { symbol: string; on: boolean }) =>
      on
        ? api.put(path(symbol), undefined, { schema: favouritesList })
        : api.delete(path(symbol), { schema: favouritesList }),
    onMutate: ({ symbol, on }) => {
      const before = client.getQueryData<FavouritesList>(FAVOURITES_KEY);
      const symbols = (before?.symbols ?? []).filter((s) => s !== symbol);
      client.setQueryData<FavouritesList>(FAVOURITES_KEY, { symbols: on ? [...symbols, symbol] : symbols });
      return { before };
    },
    onError: (_error, _vars, context) => client.setQueryData(FAVOURITES_KEY, context?.before),
    onSuccess: (list) => client.setQueryData(FAVOURITES_KEY, list),
  });
}
