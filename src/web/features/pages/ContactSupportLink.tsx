/** The primary action of the pages' sheets for what support arranges by hand: a link to /support. */
import { Link } from 'react-router';
import { PATHS } from '../../lib/paths';

export function ContactSupportLink({ children }: { children: string }) {
  return (
    <Link
      to={PATHS.support}
      className="inline-flex h-12 w-full items-center justify-center rounded-xl bg-primary px-5 text-[15px] font-semibold text-white hover:bg-primary-hover"
    >
      {children}
    </Link>
  );
}
