/**
 * The pair search box of Markets and of the Lever and Exchange coin drawers (docs/decisions/
 * 0060-markets-and-charts.md): symbol or coin name, matched by `matchesQuery`.
 */
import { useT } from '../../lib/i18n';

export function PairSearch({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (query: string) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={t('pairs.search')}
      placeholder={t('pairs.search')}
      autoComplete="off"
      spellCheck={false}
      enterKeyHint="search"
      className="h-10 w-full rounded-full border border-line bg-surface px-4 text-[14px] outline-none placeholder:text-muted focus-visible:border-primary"
      data-testid={testId}
    />
  );
}
