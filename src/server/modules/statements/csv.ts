/**
 * CSV of statements (RFC 4180, docs/decisions/0055-alerts-statements.md): a field with a comma, quote or
 * line break is quoted, its quotes doubled; a text field starting with = + - @, a tab or a carriage
 * return is prefixed with ' so a spreadsheet never runs it as a formula (docs/security.md, "CSV
 * injection"). Plain decimals (-12.5) are numbers, not formulas, and are written as they are.
 */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_DECIMAL.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV lines (CRLF), with a byte order mark so spreadsheets read the header's UTF-8. */
export const csvOf = (rows: readonly (readonly (string | number | null | undefined)[])[]): string =>
  `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
