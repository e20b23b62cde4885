/**
 * A user's statement (docs/decisions/0055-alerts-statements.md): their transactions (by the day they
 * were made) or closed trades (by the day they closed) of a period, as CSV, the header row in the
 * user's saved language (users.language, docs/decisions/0043-languages.md), numbers as the plain
 * decimal strings the database holds. Only the caller's rows: every query is by their user id.
 */
import { readFileSync } from 'node:fs';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  STATEMENT_MAX_ROWS,
  STATEMENTS_MSG,
  type StatementKind,
  type StatementQuery,
} from '../../../shared/api/statements.js';
import { LANGUAGES } from '../../../shared/constants.js';
import { add } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../errors.js';
import { transactions, users } from '../../db/schema.js';
import { trades } from '../trades/schema.js';
import { csvOf } from './csv.js';
import { msg } from '../../../shared/message.js';

type Columns<K extends StatementKind> = (typeof STATEMENTS_MSG.columns)[K];

const headers = new Map<string, Record<string, Record<string, string>> | null>();

/**
 * The column titles in `language`: the web's catalog of the statements table read as a data file
 * (as notifications/texts.ts reads the mails' texts), English for a title it lacks.
 */
function titlesIn<K extends StatementKind>(language: string, kind: K): Columns<K> {
  const english = STATEMENTS_MSG.columns[kind];
  if (language === 'en' || !LANGUAGES.some((l) => l.code === language)) return english;
  if (!headers.has(language)) {
    let columns: Record<string, Record<string, string>> | null = null;
    try {
      const file = new URL(`../../../web/locales/${language}/messages.statements.json`, import.meta.url);
      columns =
        (JSON.parse(readFileSync(file, 'utf8')) as { columns?: Record<string, Record<string, string>> }).columns ??
        null;
    } catch {
      columns = null;
    }
    headers.set(language, columns);
  }
  const translated = headers.get(language)?.[kind] ?? {};
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, translated[key] || text])) as Columns<K>;
}

const iso = (d: Date | null) => d?.toISOString() ?? '';

/** The period's bounds: from `from` 00:00 UTC up to (not including) the day after `to`. */
function bounds(query: StatementQuery) {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(`${query.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

export function createStatementsService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  async function transactionsCsv(userId: number, language: string, query: StatementQuery) {
    const { start, end } = bounds(query);
    const rows = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), gte(transactions.createdAt, start), lt(transactions.createdAt, end)))
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(STATEMENT_MAX_ROWS + 1);
    if (rows.length > STATEMENT_MAX_ROWS) throw badRequest(msg(STATEMENTS_MSG, 'tooManyRows'));
    const t = titlesIn(language, 'transactions');
    return csvOf([
      [t.id, t.date, t.type, t.status, t.currency, t.amount, t.fee, t.arrival, t.network, t.address, t.txHash],
      ...rows.map((r) => [
        r.id,
        iso(r.createdAt),
        r.type,
        r.status,
        r.currency,
        r.amount,
        r.fee,
        r.arrivalAmount,
        r.network,
        r.address,
        r.txHash,
      ]),
    ]);
  }

  async function tradesCsv(userId: number, language: string, query: StatementQuery) {
    const { start, end } = bounds(query);
    const rows = await db
      .select()
      .from(trades)
      .where(
        and(
          eq(trades.userId, userId),
          inArray(trades.status, ['closed', 'liquidated']),
          gte(trades.closedAt, start),
          lt(trades.closedAt, end),
        ),
      )
      .orderBy(asc(trades.closedAt), asc(trades.id))
      .limit(STATEMENT_MAX_ROWS + 1);
    if (rows.length > STATEMENT_MAX_ROWS) throw badRequest(msg(STATEMENTS_MSG, 'tooManyRows'));
    const t = titlesIn(language, 'trades');
    return csvOf([
      [
        t.id,
        t.pair,
        t.side,
        t.quantity,
        t.leverage,
        t.entryPrice,
        t.closePrice,
        t.profitLoss,
        t.fees,
        t.status,
        t.openedAt,
        t.closedAt,
      ],
      ...rows.map((r) => [
        r.id,
        `${r.coin}/USDT`,
        r.tradeType,
        r.hands,
        r.leverage,
        r.entryPrice,
        r.closePrice,
        r.profitLoss,
        add(r.openFee, r.closeFee).toFixed(),
        r.status,
        iso(r.openedAt),
        iso(r.closedAt),
      ]),
    ]);
  }

  return {
    /** The file's name and its CSV text. */
    async statement(userId: number, query: StatementQuery) {
      const [user] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      const language = user?.language ?? 'en';
      const csv =
        query.kind === 'transactions'
          ? await transactionsCsv(userId, language, query)
          : await tradesCsv(userId, language, query);
      return { filename: `coinfront-${query.kind}-${query.from}-to-${query.to}.csv`, csv };
    },
  };
}
