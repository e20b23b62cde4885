/** The top bar of a sub-page: a back arrow, a centred title, an optional action on the right. */
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { useGoBack } from '../lib/use-go-back';
import { BackIcon } from './icons';

export interface PageHeaderProps {
  title: string;
  /** What the back arrow does; by default one step back in history (or `fallback` on a first page). */
  onBack?: () => void;
  fallback?: string;
  right?: ReactNode;
}

export function PageHeader({ title, onBack, fallback = '/', right }: PageHeaderProps) {
  const goBack = useGoBack(fallback);
  const t = useT();
  return (
    <header className="sticky top-0 z-20 grid h-14 grid-cols-[56px_1fr_56px] items-center bg-bg/95 px-1 backdrop-blur">
      <button
        type="button"
        onClick={onBack ?? goBack}
        aria-label={t('common.back')}
        className="flex h-touch min-w-touch items-center justify-center rounded-full text-ink hover:bg-surface-2"
      >
        <BackIcon />
      </button>
      <h1 className="truncate text-center text-[17px] font-semibold">{title}</h1>
      <div className="flex justify-end">{right}</div>
    </header>
  );
}
