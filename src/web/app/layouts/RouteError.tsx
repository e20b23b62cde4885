/** What a page shows when it fails to render or its code fails to load (e.g. after a deploy). */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../components/Button';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="mx-auto flex min-h-dvh max-w-app flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-muted">{detail ?? 'This page could not be shown. Reloading usually helps.'}</p>
      <Button block={false} onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
