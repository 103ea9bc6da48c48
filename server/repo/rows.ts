// Typed reads of result rows (node:sqlite gives Record<string, SQLOutputValue>).
import type { SQLOutputValue } from 'node:sqlite';

export type Row = Record<string, SQLOutputValue>;

export function str(row: Row, key: string): string {
  const v = row[key];
  if (typeof v !== 'string') throw new TypeError(`column ${key} is not text`);
  return v;
}

export function strOrNull(row: Row, key: string): string | null {
  const v = row[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new TypeError(`column ${key} is not text`);
  return v;
}

export function int(row: Row, key: string): number {
  const v = row[key];
  if (typeof v === 'bigint') return Number(v);
  if (typeof v !== 'number') throw new TypeError(`column ${key} is not a number`);
  return v;
}

export function bool(row: Row, key: string): boolean {
  return int(row, key) !== 0;
}

/** Booleans are stored as 0/1 (portable across SQLite and PostgreSQL smallint). */
export function bit(value: boolean): number {
  return value ? 1 : 0;
}

/** Escapes LIKE wildcards in user text; queries say ESCAPE '\\'. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function intOrNull(row: Row, key: string): number | null {
  const v = row[key];
  if (v === null || v === undefined) return null;
  return int(row, key);
}
