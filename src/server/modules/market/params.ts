/**
 * Query parameters of the exchange API, checked the way the exchange checks them and refused
 * with its error codes (-1100 illegal characters, -1102 missing, -1121 invalid symbol, ...).
 * Anything a client can send ends in a value or an ExchangeApiError, never an exception.
 */
import { isKlineInterval, type KlineInterval } from '../../../shared/market.js';
import { ExchangeApiError } from '../../errors.js';
import type { SymbolCatalog } from './catalog.js';

const invalidSymbol = () => new ExchangeApiError(400, -1121, 'Invalid symbol.');
const missingParam = (name: string) =>
  new ExchangeApiError(400, -1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
const illegalChars = (name: string, legal: string) =>
  new ExchangeApiError(400, -1100, `Illegal characters found in parameter '${name}'; legal range is '${legal}'.`);
const badCombination = () => new ExchangeApiError(400, -1128, 'Combination of optional parameters invalid.');
const invalidInterval = () => new ExchangeApiError(400, -1120, 'Invalid interval.');
export const feedUnavailable = () =>
  new ExchangeApiError(503, -1001, 'Internal error; unable to process your request. Please try again.');

const SYMBOL_PATTERN = /^[A-Z0-9\-_.]{1,20}$/;
const SYMBOL_LEGAL = '^[A-Z0-9-_.]{1,20}$';
const SYMBOLS_LEGAL = '^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$';
const INTEGER_LEGAL = '^[0-9]{1,20}$';
const INTERVAL_LEGAL = '^[0-9]{1,2}[smhdwM]$';
const MAX_SYMBOLS = 100;

export type Query = Record<string, unknown>;

/** A single text value; repeated parameters (?a=1&a=2) are malformed. */
function text(query: Query, name: string, legal: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw illegalChars(name, legal);
  return value;
}

/** A symbol we quote. Lowercase is accepted ('btcusdt'), unknown symbols are -1121. */
function knownSymbol(raw: string, catalog: SymbolCatalog, name = 'symbol'): string {
  const symbol = raw.trim().toUpperCase();
  if (!SYMBOL_PATTERN.test(symbol)) throw illegalChars(name, SYMBOL_LEGAL);
  if (!catalog.has(symbol)) throw invalidSymbol();
  return symbol;
}

export function requiredSymbol(query: Query, catalog: SymbolCatalog): string {
  const raw = text(query, 'symbol', SYMBOL_LEGAL);
  if (raw === undefined || raw.trim() === '') throw missingParam('symbol');
  return knownSymbol(raw, catalog);
}

/**
 * `symbols=["BTCUSDT","ETHUSDT"]` (raw or URL-encoded; the exchange's form), also tolerating
 * a bare list `[BTCUSDT,ETHUSDT]` or `BTCUSDT,ETHUSDT`. Duplicates are dropped, order is kept.
 */
function parseSymbolList(raw: string, catalog: SymbolCatalog): string[] {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed === '[]') throw missingParam('symbols');
  let items: unknown;
  if (trimmed.startsWith('[')) {
    try {
      items = JSON.parse(trimmed);
    } catch {
      items = /^\[[A-Za-z0-9\-_., ]*\]$/.test(trimmed) ? trimmed.slice(1, -1).split(',') : null;
    }
  } else {
    items = /^[A-Za-z0-9\-_., ]+$/.test(trimmed) ? trimmed.split(',') : null;
  }
  if (
    !Array.isArray(items) ||
    items.length === 0 ||
    items.length > MAX_SYMBOLS ||
    !items.every((s) => typeof s === 'string')
  ) {
    throw illegalChars('symbols', SYMBOLS_LEGAL);
  }
  return [...new Set((items as string[]).map((s) => knownSymbol(s, catalog, 'symbols')))];
}

/** ?symbol= (one), ?symbols= (a list) or neither (all); both at once is refused. */
export function symbolSelection(
  query: Query,
  catalog: SymbolCatalog,
): { one: string } | { list: string[] } | { all: true } {
  const one = text(query, 'symbol', SYMBOL_LEGAL);
  const many = text(query, 'symbols', SYMBOLS_LEGAL);
  if (one !== undefined && many !== undefined) throw badCombination();
  if (one !== undefined) return { one: requiredSymbol(query, catalog) };
  if (many !== undefined) return { list: parseSymbolList(many, catalog) };
  return { all: true };
}

/** An optional non-negative integer parameter (limit, startTime, endTime). */
function optionalInteger(query: Query, name: string): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw.trim())) throw illegalChars(name, INTEGER_LEGAL);
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value)) throw illegalChars(name, INTEGER_LEGAL);
  return value;
}

/** A limit between 1 and `max`; values above are capped (as the exchange truncates), 0 means the default. */
export function limitParam(query: Query, fallback: number, max: number): number {
  const value = optionalInteger(query, 'limit');
  if (value === undefined || value === 0) return fallback;
  return Math.min(value, max);
}

export function intervalParam(query: Query): KlineInterval {
  const raw = text(query, 'interval', INTERVAL_LEGAL);
  if (raw === undefined || raw === '') throw missingParam('interval');
  if (!isKlineInterval(raw)) throw invalidInterval();
  return raw;
}

export function timeRange(query: Query): { startTime?: number; endTime?: number } {
  const startTime = optionalInteger(query, 'startTime');
  const endTime = optionalInteger(query, 'endTime');
  if (startTime !== undefined && endTime !== undefined && startTime > endTime) {
    throw new ExchangeApiError(400, -1023, 'Start time is greater than end time.');
  }
  return { ...(startTime !== undefined ? { startTime } : {}), ...(endTime !== undefined ? { endTime } : {}) };
}
