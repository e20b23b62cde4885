/**
 * The staff console's tables at a desk (docs/architecture.md "Staff console at a desk"): a real
 * <table> with a caption and <th scope="col">; a sortable column's header is a button, and the sorted
 * column carries aria-sort. Filters above it are labelled controls (FilterSelect, FilterText).
 */
import { useId, type ReactNode, type SelectHTMLAttributes, type InputHTMLAttributes } from 'react';
import { cx } from './cx';
import { Icon, type IconProps } from './icons';

export type SortOrder = 'asc' | 'desc';
export interface SortState<K extends string> {
  sort: K | undefined;
  order: SortOrder;
}

export interface Column<K extends string> {
  /** Header text. */
  label: string;
  /** The sort key the column stands for; none: not sortable. */
  sort?: K;
  /** Right-aligned (amounts). */
  numeric?: boolean;
  /** Shown to screen readers only (an actions column). */
  hiddenLabel?: boolean;
}

const SortArrow = ({ order, ...p }: IconProps & { order: SortOrder | undefined }) => (
  <Icon size={14} strokeWidth={2.2} {...p}>
    {order === 'desc' ? (
      <path d="m6 9 6 6 6-6" />
    ) : order === 'asc' ? (
      <path d="m6 15 6-6 6 6" />
    ) : (
      <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />
    )}
  </Icon>
);

/** The next sort after a click on `key`'s header: the same column turns round, another starts ascending. */
function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.sort === key) return { sort: key, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: key, order: 'asc' };
}

export function DataTable<K extends string>({
  caption,
  columns,
  sort,
  onSort,
  busy = false,
  children,
}: {
  caption: string;
  columns: ReadonlyArray<Column<K>>;
  sort?: SortState<K>;
  onSort?: (next: SortState<K>) => void;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-surface shadow-card">
      <table className="w-full border-collapse text-left text-sm" aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            {columns.map((column) => {
              const sorted = sort && column.sort !== undefined && sort.sort === column.sort ? sort.order : undefined;
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={cx(
                    'whitespace-nowrap px-4 py-2 text-xs font-semibold text-muted',
                    column.numeric && 'text-right',
                  )}
                >
                  {column.hiddenLabel ? (
                    <span className="sr-only">{column.label}</span>
                  ) : column.sort !== undefined && sort && onSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(nextSort(sort, column.sort!))}
                      className={cx(
                        '-mx-2 inline-flex h-9 items-center gap-1 rounded-lg px-2 hover:bg-surface-2 hover:text-ink',
                        sorted && 'text-ink',
                      )}
                    >
                      {column.label}
                      <SortArrow order={sorted} className={sorted ? 'text-primary' : 'opacity-50'} />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A body cell; `numeric` right-aligns with tabular figures. */
export function Cell({
  children,
  numeric,
  className,
}: {
  children?: ReactNode;
  numeric?: boolean;
  className?: string;
}) {
  return (
    <td className={cx('px-4 py-2.5 align-middle', numeric && 'whitespace-nowrap text-right tabular-nums', className)}>
      {children}
    </td>
  );
}

/** A row standing for the whole table: loading, empty, an error. */
export function WholeRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-8 text-center text-sm text-muted">
        {children}
      </td>
    </tr>
  );
}

const control =
  'h-10 rounded-xl border border-field-line bg-field px-3 text-sm text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25';

/** A labelled filter choice; the first option is usually "All". */
export function FilterSelect({
  label,
  options,
  ...select
}: { label: string; options: ReadonlyArray<{ value: string; label: string }> } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'children'
>) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select id={id} className={control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

/** A labelled filter text. */
export function FilterText({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FilterField label={label}>
      {(id) => <input id={id} className={cx(control, 'w-56')} autoComplete="off" {...input} />}
    </FilterField>
  );
}

/** A filter's label over its control, tied by an id. */
function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The filters' row above a table. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-end gap-3">
      {children}
    </div>
  );
}
