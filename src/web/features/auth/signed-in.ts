/** What every way of signing in (password, 2FA step, passkey) does once it has a session. */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '../../../shared/api/auth';
import { PATHS } from '../../lib/paths';
import { saveSession } from '../../lib/session';

/** The session is stored, nothing cached for a previous user survives, home opens. */
export function useSignedIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (session: LoginResponse) => {
    saveSession(session);
    // Nothing cached for a previous user may leak into this one.
    queryClient.clear();
    void navigate(PATHS.root, { replace: true });
  };
}
