/** The body of a page whose capability is not built yet: its title and a short line, never a blank page. */
import { ClockIcon } from './icons';

export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mt-6 flex flex-col items-center gap-3 rounded-2xl bg-surface px-6 py-12 text-center shadow-card">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <ClockIcon size={28} />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-[260px] text-sm text-muted">This screen is coming soon.</p>
    </section>
  );
}
