/** The phone-width column every page lives in, centred on wider screens. Lazy screens load inside. */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/Spinner';

export function AppFrame() {
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-app flex-col bg-bg sm:border-x sm:border-line">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
