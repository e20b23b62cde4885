/** The five main user pages: the screen above, the bottom navigation below. */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { BottomNav } from './BottomNav';

export function TabLayout() {
  return (
    <>
      <div className="flex flex-1 flex-col pb-[calc(60px+env(safe-area-inset-bottom))]">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <BottomNav />
    </>
  );
}
