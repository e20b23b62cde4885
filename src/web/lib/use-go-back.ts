/** Back one page, or to `fallback` when this page was the first one opened in the tab. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  // React Router gives the first entry of a session the key 'default'.
  const firstPage = useLocation().key === 'default';
  return useCallback(() => {
    if (firstPage) void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [firstPage, fallback, navigate]);
}
