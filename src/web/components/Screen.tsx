/** The body of a page: padding, and room at the bottom for the tab bar when there is one. */
import type { ReactNode } from 'react';
import { cx } from './cx';

export function Screen({ children, className }: { children: ReactNode; className?: string }) {
  return <main className={cx('flex flex-1 flex-col px-4 pb-6', className)}>{children}</main>;
}
