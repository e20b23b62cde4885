/**
 * The profile screen's calls (docs/decisions/0043-languages.md): GET /api-v1/user/profile/ and POST /api-v1/user/update/. The
 * profile is /info/'s answer, so a saved change is written into the cached /info/ answer too, and the
 * drawer shows the new name at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateBody } from '../../../../shared/api/profile';
import { api } from '../../../lib/api';
import { updateStoredUser } from '../../../lib/session';
import { userInfoQuery } from './user-info';

/** zod loads with the screen, not with Home (which holds the drawer). */
const schemas = () => import('../../../../shared/api/profile');

const PROFILE_KEY = ['account', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ signal }) =>
      api.get('/api-v1/user/profile/', { schema: () => schemas().then((s) => s.userProfile), signal }),
  });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) =>
      api.post('/api-v1/user/update/', body, { schema: () => schemas().then((s) => s.profileUpdated) }),
    onSuccess: ({ message: _message, ...profile }) => {
      client.setQueryData(PROFILE_KEY, profile);
      client.setQueryData(userInfoQuery().queryKey, profile);
      updateStoredUser(profile);
    },
  });
}
