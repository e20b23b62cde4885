/**
 * The frame of the Users, Books and Settings views: the console's top bar with the view's title as
 * heading. At a desk a `wide` view (tables) uses the width; the others keep a readable column.
 */
import type { ReactNode } from 'react';
import { cx } from '../../components/cx';
import { Screen } from '../../components/Screen';
import { StaffTopBar } from './StaffTopBar';

export function StaffViewFrame({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <StaffTopBar title={title} heading />
      <Screen className={cx('gap-4 pt-4 lg:px-8 lg:pt-6', !wide && 'lg:w-full lg:max-w-3xl')}>{children}</Screen>
    </>
  );
}
