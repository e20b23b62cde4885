/** "Try demo" (docs/decisions/0063-demo-accounts.md): a demo account with 10,000 demo USDT, one tap from /login. */
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { cx } from '../../components/cx';
import { errorMessage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { MSG } from '../../../shared/messages';
import { useOpenDemo } from './api';

export function TryDemoButton({ className }: { className?: string }) {
  const t = useT();
  const open = useOpenDemo();
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <Button variant="secondary" busy={open.isPending} onClick={() => open.mutate()}>
        {t('demo.tryDemo')}
      </Button>
      <p className="text-center text-xs text-muted">{t('demo.tryDemoHint')}</p>
      {open.isError && <Notice tone="error">{errorMessage(open.error, MSG.networkError)}</Notice>}
    </div>
  );
}
