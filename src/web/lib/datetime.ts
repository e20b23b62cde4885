/** Dates and times from the API (ISO strings) as the app shows them, in the viewer's time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2025-03-01 14:05', for records staff compare (submission dates). */
export function formatDateTime(iso: string): string {
  const d = parse(iso);
  if (!d) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** '14:05' today, '03-01 14:05' on another day of this year, else the full date and time. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const d = parse(iso);
  if (!d) return '';
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (d.toDateString() === now.toDateString()) return time;
  if (d.getFullYear() === now.getFullYear()) return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
  return formatDateTime(iso);
}
