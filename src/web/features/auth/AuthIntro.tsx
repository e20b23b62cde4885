import { Link } from 'react-router';
import { cx } from '../../components/cx';

/** The heading block of the account screens: a title and one line of guidance. */
export function AuthIntro({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="mb-6 mt-2">
      <h1 className="text-[28px] font-bold leading-tight tracking-tight">{title}</h1>
      <p className="mt-2 text-[15px] text-muted">{subtitle}</p>
    </div>
  );
}

/** The line under a form that leads to the other way in: "Don't have an account? Sign up". */
export function SwitchAuthLink({
  question,
  to,
  label,
  className,
}: {
  question: string;
  to: string;
  label: string;
  className?: string;
}) {
  return (
    <p className={cx('text-center text-sm text-muted', className)}>
      {question}{' '}
      <Link to={to} className="inline-flex min-h-touch items-center rounded-md px-1 font-semibold text-primary">
        {label}
      </Link>
    </p>
  );
}
