/** A one-line message under a form: errors are announced at once, successes politely. */
import { cx } from './cx';

export function Notice({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'success' | 'info';
  children: string;
  className?: string;
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'rounded-xl px-4 py-3 text-sm',
        tone === 'error' && 'bg-down/10 text-down',
        tone === 'success' && 'bg-up/10 text-up',
        tone === 'info' && 'bg-primary/10 text-primary',
        className,
      )}
    >
      {children}
    </p>
  );
}
