/**
 * The phone-width column every page lives in, centred on wider screens. Lazy screens load inside.
 * The staff console is the exception at a desk (1024 px and wider, docs/architecture.md "Staff
 * console at a desk"): there it takes the whole screen.
 */
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { cx } from '../../components/cx';
import { Spinner } from '../../components/Spinner';
import { DemoBadge } from '../../features/demo';

export function AppFrame() {
  const staff = useLocation().pathname.startsWith('/admin/');
  return (
    <div
      className={cx(
        'mx-auto flex min-h-dvh w-full max-w-app flex-col bg-bg sm:border-x sm:border-line',
        staff && 'lg:max-w-none lg:border-x-0',
      )}
    >
      <DemoBadge />
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
