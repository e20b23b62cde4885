/** Headed paragraphs on one card: the body of the static pages. */
import type { TextSection } from './content';

export function TextSections({ sections }: { sections: TextSection[] }) {
  return (
    <div className="divide-y divide-line rounded-2xl bg-surface shadow-card">
      {sections.map((section) => (
        <section key={section.heading} className="px-4 py-4">
          <h2 className="text-[15px] font-semibold">{section.heading}</h2>
          <p className="mt-1.5 text-sm leading-relaxed text-muted">{section.body}</p>
        </section>
      ))}
    </div>
  );
}
