/**
 * GET /api-v3/admin/books/ (staff only): per currency what customers hold, each house account and
 * their sum, which double entry keeps at "0" (docs/architecture.md section 4). Read fresh
 * on every visit: it is the check that no money was created or lost.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { booksReport } from '../../../../shared/api/admin';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const booksQuery = () =>
  queryOptions({
    queryKey: adminKeys.books,
    queryFn: ({ signal }) => api.get('/api-v3/admin/books/', { schema: booksReport, signal }),
    staleTime: 0,
  });
export const useBooks = () => useQuery(booksQuery());
