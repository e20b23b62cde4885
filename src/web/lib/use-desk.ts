/**
 * Whether the screen is a desk (docs/architecture.md "Staff console at a desk"): 1024 px wide or more,
 * where the staff console shows its side navigation, tables and two chat panes. Below it, the phone
 * layout. Read from matchMedia and followed as the window is resized.
 */
import { useSyncExternalStore } from 'react';

const DESK_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DESK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDesk = () => typeof window.matchMedia === 'function' && window.matchMedia(DESK_QUERY).matches;

export const useDesk = (): boolean => useSyncExternalStore(subscribe, isDesk, () => false);
