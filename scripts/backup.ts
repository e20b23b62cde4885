/**
 * `npm run backup [-- --out DIR]`: one consistent backup of the database the server uses
 * (DATABASE_URL, else the embedded one in DATA_DIR, which may be running) with DATA_DIR's uploads
 * and secrets, as DIR/coinfront-backup-<UTC time>.tar.gz (default DIR: ./backups). Prints the
 * file's path on the last line. Exits 1 when it could not (docs/operations.md "Backups").
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../src/server/db/backup.js';
import { loadConfig } from '../src/server/config.js';
import { openServerDatabase } from '../src/server/db/database.js';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  // No secret is needed to read rows; never make one in DATA_DIR here.
  const config = loadConfig(process.env, { jwtSecret: new Uint8Array(0) });
  const { db, close } = await openServerDatabase(config);
  try {
    const result = await writeBackup(db.$client, config.dataDir, path.resolve(values.out));
    console.log(`backup: ${result.tables} tables, ${result.rows} rows, ${result.uploads} uploaded files`);
    console.log(result.file);
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('backup failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
