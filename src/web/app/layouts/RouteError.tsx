/** What a page shows when it fails to render or its code fails to load (e.g. after a deploy). */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/Button';
import { useT } from '../../lib/i18n';

export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="mx-auto flex min-h-dvh max-w-app flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">{t('common.routeError.title')}</h1>
      <p className="text-sm text-muted">{detail ?? t('common.routeError.body')}</p>
      <Button block={false} onClick={() => window.location.reload()}>
        {t('common.routeError.reload')}
      </Button>
    </div>
  );
}
