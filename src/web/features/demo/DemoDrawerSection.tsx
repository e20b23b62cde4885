/**
 * The drawer's demo actions (docs/decisions/0063-demo-accounts.md): a real account switches to its demo twin;
 * a demo account resets its money, and goes back to the real account it was opened from.
 */
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/use-session';
import { MSG } from '../../../shared/messages';
import { keptRealSession, useBackToReal, useResetDemo, useSwitchToDemo } from './api';

export function DemoDrawerSection({ onDone }: { onDone: () => void }) {
  const { t, message } = useI18n();
  const { user } = useSession();
  const toDemo = useSwitchToDemo();
  const reset = useResetDemo();
  const back = useBackToReal();
  if (user?.is_demo !== true) {
    return (
      <div className="flex flex-col gap-2 px-3 py-1">
        <Button
          variant="secondary"
          busy={toDemo.isPending}
          onClick={() => toDemo.mutate(undefined, { onSuccess: onDone })}
        >
          {t('demo.switchToDemo')}
        </Button>
        {toDemo.isError && <Notice tone="error">{errorMessage(toDemo.error, MSG.networkError)}</Notice>}
      </div>
    );
  }
  const kept = keptRealSession();
  return (
    <div className="flex flex-col gap-2 px-3 py-1">
      <Button variant="secondary" busy={reset.isPending} onClick={() => reset.mutate()}>
        {t('demo.reset')}
      </Button>
      {reset.isSuccess && <Notice tone="success">{message(reset.data.message)}</Notice>}
      {reset.isError && <Notice tone="error">{errorMessage(reset.error, MSG.networkError)}</Notice>}
      {kept && (
        <Button
          variant="secondary"
          onClick={() => {
            back();
            onDone();
          }}
        >
          {t('demo.backToReal')}
        </Button>
      )}
    </div>
  );
}
