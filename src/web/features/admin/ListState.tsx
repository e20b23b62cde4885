/** What a staff list shows instead of rows: loading, an error with a retry, or its empty line. */
import { Button } from '../../components/Button';
import { InboxIcon } from '../../components/icons';
import { Notice } from '../../components/Notice';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../lib/i18n';

export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-3">
      <Notice tone="error">{message}</Notice>
      <Button variant="secondary" onClick={onRetry}>
        {t('admin.tryAgain')}
      </Button>
    </div>
  );
}

export function EmptyList({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-surface px-4 py-10 text-center text-muted shadow-card">
      <InboxIcon size={32} />
      <p className="text-sm">{message}</p>
    </div>
  );
}

export { Spinner };
