/** The heading block of the account screens: a title and one line of guidance. */
export function AuthIntro({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-6 mt-2">
      <h1 className="text-[28px] font-bold leading-tight tracking-tight">{title}</h1>
      <p className="mt-2 text-[15px] text-muted">{subtitle}</p>
    </div>
  );
}
