/** The session as React sees it, plus ending it the one way the app does (docs/product.md section 4). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api';
import { PATHS } from './paths';
import { endSession, readSession, type Session } from './session';

/** Read on every render: navigation re-renders pages, and storage is the single source. */
export function useSession(): Session {
  return readSession();
}

/**
 * Logout: tell the server (fire and forget: the user leaves either way), clear all local storage
 * and every cached answer, and go to /login.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    // The token is read when the call starts, so clearing storage right after is safe.
    api.post('/api-v1/logout/', {}).catch(() => undefined);
    endSession();
    queryClient.clear();
    void navigate(PATHS.login, { replace: true });
  }, [navigate, queryClient]);
}
