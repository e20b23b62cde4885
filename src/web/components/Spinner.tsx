import { useT } from '../lib/i18n';

/** A quiet loading indicator for lazy screens and pending data; its label is 'Loading' unless given. */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex flex-1 items-center justify-center py-16">
      <span
        className="h-7 w-7 animate-spin rounded-full border-[3px] border-primary border-t-transparent"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}
