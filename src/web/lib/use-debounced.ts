/** A value that follows `value` once it has stayed the same for `ms` (typing in a filter asks the server once). */
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
