/** Copy, then say so for a while (docs/product.md section 9: copy confirmation 2000 ms). */
import { useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard';

export type CopyState = 'idle' | 'copied' | 'failed';

export function useCopyConfirmation(ms: number) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(text: string) {
    const ok = await copyText(text);
    clearTimeout(timer.current);
    setState(ok ? 'copied' : 'failed');
    timer.current = setTimeout(() => setState('idle'), ms);
  }
  return { state, copy };
}
