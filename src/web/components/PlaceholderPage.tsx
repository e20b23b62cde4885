/**
 * A page whose capability is built later: its title and a 'coming soon' line inside the normal
 * layout, so every route of SPEC.md works from day one.
 */
import { PageHeader } from './PageHeader';
import { ComingSoon } from './ComingSoon';
import { Screen } from './Screen';

/** A main tab (home, markets...): a plain title bar; the bottom navigation comes from the layout. */
export function TabPlaceholder({ title }: { title: string }) {
  return (
    <>
      <header className="flex h-14 items-center px-4">
        <h1 className="text-xl font-bold">{title}</h1>
      </header>
      <Screen>
        <ComingSoon title={title} />
      </Screen>
    </>
  );
}

/** A sub-page: a back arrow and the title. */
export function SubPagePlaceholder({ title, fallback }: { title: string; fallback?: string }) {
  return (
    <>
      <PageHeader title={title} fallback={fallback} />
      <Screen>
        <ComingSoon title={title} />
      </Screen>
    </>
  );
}
