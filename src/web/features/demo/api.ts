/**
 * Demo accounts over HTTP (docs/decisions/0063-demo-accounts.md): open one (no account needed), open or reuse
 * the signed-in account's twin, reset a demo account's money. A twin's session replaces the real one in
 * storage, which keeps the real one aside (`realSession`) for "Back to my account"; a demo token never
 * leads back by itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResponse } from '../../../shared/api/auth';
import { api } from '../../lib/api';
import { PATHS } from '../../lib/paths';
import { getStoredUser, getToken, isTokenValid, saveSession } from '../../lib/session';
import { readItem, STORAGE_KEYS, writeItem, removeItem } from '../../lib/storage';

const demoSession = async () => (await import('../../../shared/api/demo')).demoSession;
const messageBody = async () => (await import('../../../shared/api/common')).messageBody;

/** The session is stored, nothing cached for the previous account survives, and Home opens. */
function useEnter() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (session: LoginResponse) => {
    saveSession(session);
    queryClient.clear();
    void navigate(PATHS.root, { replace: true });
  };
}

/** "Try demo" on /login and in the logged-out drawer. */
export function useOpenDemo() {
  const enter = useEnter();
  return useMutation({
    mutationFn: () => api.post('/api-v1/demo/', {}, { auth: false, schema: demoSession }),
    onSuccess: enter,
  });
}

/** "Switch to demo" of a real account: its twin's session, the real one kept aside. */
export function useSwitchToDemo() {
  const enter = useEnter();
  return useMutation({
    mutationFn: () => api.post('/api-v1/demo/twin/', {}, { schema: demoSession }),
    onSuccess: (twin) => {
      const token = getToken();
      const user = getStoredUser();
      if (token && user) writeItem(STORAGE_KEYS.realSession, JSON.stringify({ access: token, user }));
      enter(twin);
    },
  });
}

/** The real account kept aside by "Switch to demo", while its token is still good. */
export function keptRealSession(): LoginResponse | null {
  const raw = readItem(STORAGE_KEYS.realSession);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as LoginResponse;
    return isTokenValid(kept.access) ? kept : null;
  } catch {
    return null;
  }
}

/** "Back to my account": the kept real session again. */
export function useBackToReal() {
  const enter = useEnter();
  return () => {
    const kept = keptRealSession();
    removeItem(STORAGE_KEYS.realSession);
    if (kept) enter(kept);
  };
}

/** "Reset demo money". */
export function useResetDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api-v1/demo/reset/', {}, { schema: messageBody }),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
