/**
 * `npm run restore FILE [-- --force]`: brings a backup of `npm run backup` back into the database
 * the server would use (DATABASE_URL, else the embedded one in DATA_DIR, made when missing) and
 * DATA_DIR's uploads and secrets. Refuses a database or uploads folder that holds data unless
 * --force (stop every instance first). Exits 0 when restored, 1 when refused or failed
 * (docs/operations.md "Backups").
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreRefused } from '../src/server/db/backup.js';
import { loadConfig } from '../src/server/config.js';
import { openServerDatabase, runMigrations } from '../src/server/db/database.js';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new RestoreRefused('usage: npm run restore FILE [-- --force]');
  const file = path.resolve(positionals[0]!);
  // The backup brings DATA_DIR's secrets; never make a new one here.
  const config = loadConfig(process.env, { jwtSecret: new Uint8Array(0) });
  const { db, close } = await openServerDatabase(config);
  try {
    const result = await restoreBackup(db.$client, config.dataDir, file, {
      force: values.force,
      migrate: () => runMigrations(db),
      log: (line) => console.log(`restore: ${line}`),
    });
    console.log(
      `restore: ${result.tables} tables, ${result.rows} rows and ${result.uploads} uploaded files of ${result.createdAt} are back`,
    );
    console.log('restore: run npm run ledger:check to confirm every balance equals its entries');
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      error instanceof RestoreRefused ? `restore refused: ${error.message}` : 'restore failed:',
      error instanceof RestoreRefused ? '' : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
