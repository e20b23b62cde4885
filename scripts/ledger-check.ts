/**
 * `npm run ledger:check`: checks the ledger invariants (docs/architecture.md section 4) of the database the
 * server uses (DATABASE_URL, else the embedded one in DATA_DIR). Prints a report; exits 1 when
 * anything does not add up, 2 when the check could not run.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.js';
import { openServerDatabase } from '../src/server/db/database.js';
import { checkLedger } from '../src/server/modules/ledger-rules.js';

async function main(): Promise<number> {
  // No secret is needed to read balances; skip making one in DATA_DIR.
  const config = loadConfig(process.env, { jwtSecret: new Uint8Array(0) });
  const { db, close } = await openServerDatabase(config);
  try {
    const { rows } = await db.execute<{ ready: boolean }>(
      sql`select to_regclass('public.ledger_entries') is not null as ready`,
    );
    if (!rows[0]?.ready)
      throw new Error('this database has no ledger tables yet (start the server once to create them)');
    const report = await checkLedger(db);
    console.log(
      `ledger check: ${report.accounts} accounts, ${report.entries} entries, ${report.transactions} transactions, ${report.trades} trades`,
    );
    for (const mismatch of report.mismatches) console.log(`  mismatch ${JSON.stringify(mismatch)}`);
    console.log(
      report.mismatches.length === 0
        ? 'ledger check: OK, 0 mismatches'
        : `ledger check: FAILED, ${report.mismatches.length} mismatches`,
    );
    return report.mismatches.length === 0 ? 0 : 1;
  } finally {
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('ledger check could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
