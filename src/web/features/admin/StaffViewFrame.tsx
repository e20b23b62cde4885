/** The frame of the Users, Books and Settings views: the console's top bar with the view's title as heading. */
import type { ReactNode } from 'react';
import { Screen } from '../../components/Screen';
import { StaffTopBar } from './StaffTopBar';

export function StaffViewFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <StaffTopBar title={title} heading />
      <Screen className="gap-4 pt-4">{children}</Screen>
    </>
  );
}
