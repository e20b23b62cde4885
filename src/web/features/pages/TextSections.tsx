/** Headed paragraphs on one card: the body of the static pages. */
import { useI18n } from '../../lib/i18n';
import type { TextSection } from './content';

export function TextSections({ sections }: { sections: TextSection[] }) {
  const { t, number } = useI18n();
  return (
    <div className="divide-y divide-line rounded-2xl bg-surface shadow-card">
      {sections.map((section) => (
        <section key={section.heading} className="px-4 py-4">
          <h2 className="text-[15px] font-semibold">{t(section.heading)}</h2>
          <p className="mt-1.5 text-sm leading-relaxed text-muted">
            {t(
              section.body,
              section.values &&
                Object.fromEntries(Object.entries(section.values).map(([name, value]) => [name, number(value)])),
            )}
          </p>
        </section>
      ))}
    </div>
  );
}
