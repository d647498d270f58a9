import { formatDateTime } from './dates';

/** One export column: a field name (dots reach nested values) or a getter, a header label and an optional formatter. */
export interface CsvColumn<T> {
  field: string | ((row: T) => unknown);
  label: string;
  format?: (value: unknown, row: T) => string;
}

export interface CsvOptions {
  /** Prefix the text with a UTF-8 byte-order mark so Excel reads accents correctly (default true). */
  bom?: boolean;
}

export const CSV_SEPARATOR = ';';
export const CSV_LINE_BREAK = '\r\n';
export const CSV_BOM = '\uFEFF';
export const CSV_MIME = 'text/csv;charset=utf-8';

function readField(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function stringify(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) return value.map(stringify).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Quotes a cell when it holds the separator, a quote, a line break or edge
 * spaces (quotes doubled). A text starting with = + - @ or a tab that is not a
 * number gets a leading apostrophe so a spreadsheet never runs it as a formula
 * (exports hold visitor-typed names and messages).
 */
export function escapeCsvCell(cell: string): string {
  let out = cell;
  if (/^[=+\-@\t\r]/.test(out) && !/^[-+]?\d[\d.,]*$/.test(out)) out = `'${out}`;
  if (/[;"\r\n]|^\s|\s$/.test(out)) out = `"${out.replace(/"/g, '""')}"`;
  return out;
}

/** CSV text: a header of labels, then one line per row; ';' separated, CRLF lines, BOM first unless `bom: false`. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], options: CsvOptions = {}): string {
  const header = columns.map((column) => escapeCsvCell(column.label)).join(CSV_SEPARATOR);
  const lines = rows.map((row) =>
    columns
      .map((column) => {
        const value = typeof column.field === 'function' ? column.field(row) : readField(row, column.field);
        return escapeCsvCell(column.format ? column.format(value, row) : stringify(value));
      })
      .join(CSV_SEPARATOR),
  );
  return (options.bom === false ? '' : CSV_BOM) + [header, ...lines].join(CSV_LINE_BREAK);
}

/**
 * 'export-143005.csv' (base plus an hour-minute-second stamp), or 'export.csv' without the stamp. The stamp is
 * the local time, or `timeZone`'s (a server exporting for the company's people: America/Sao_Paulo).
 */
export function csvFileName(base = 'export', withStamp = true, now: Date = new Date(), timeZone?: string): string {
  const name = base.trim().replace(/\.csv$/i, '') || 'export';
  if (!withStamp) return `${name}.csv`;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (timeZone) {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(now);
    return `${name}-${clock.replace(/:/g, '')}.csv`;
  }
  return `${name}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.csv`;
}
