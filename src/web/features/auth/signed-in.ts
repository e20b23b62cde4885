/** What every way of signing in (password, 2FA step, passkey) does once it has a session. */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { LoginResponse } from '../../../shared/api/auth';
import { nextPathOf, PATHS } from '../../lib/paths';
import { saveSession } from '../../lib/session';

/**
 * The session is stored, nothing cached for a previous user survives, and the page the visitor was
 * going to opens (`?next=`, set by the guard; docs/decisions/0043-languages.md), else home.
 */
export function useSignedIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  return (session: LoginResponse) => {
    saveSession(session);
    // Nothing cached for a previous user may leak into this one.
    queryClient.clear();
    void navigate(nextPathOf(search) ?? PATHS.root, { replace: true });
  };
}
