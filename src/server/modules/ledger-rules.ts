/**
 * Every product's ledger rule (ledger/check.ts `LedgerRule`): what the records behind each `ref_type` of
 * the ledger's entries must have moved. A product whose records move money adds its rule here; the check
 * itself knows none of them (docs/architecture.md section 4). A module's ledger-rule.ts is, beside its
 * index.ts, the one file of it this list may import: it imports nothing of its module, so the check
 * (`npm run ledger:check`, the tests' oracle) loads no routes or services.
 */
import type { Queryable } from '../db/database.js';
import { bonusLockLedgerRule } from './bonuses/ledger-rule.js';
import { convertLedgerRule } from './convert/ledger-rule.js';
import { custodySendLedgerRule } from './custody/ledger-rule.js';
import { lockupLedgerRule } from './earn/ledger-rule.js';
import { fiatLedgerRule } from './fiat/ledger-rule.js';
import { checkLedgerRules, type LedgerReport, type LedgerRule } from './ledger/index.js';
import { spotLedgerRule } from './spot/ledger-rule.js';
import { tradesLedgerRule } from './trades/ledger-rule.js';
import { transactionsLedgerRule } from './wallets/ledger-rule.js';

const LEDGER_RULES: readonly LedgerRule[] = [
  transactionsLedgerRule,
  tradesLedgerRule,
  spotLedgerRule,
  convertLedgerRule,
  bonusLockLedgerRule,
  fiatLedgerRule,
  lockupLedgerRule,
  custodySendLedgerRule,
];

/** The ledger's invariants and every product's rule (`npm run ledger:check`, the tests' `expectLedgerBalanced`). */
export type { LedgerMismatch } from './ledger/index.js';

export const checkLedger = (db: Queryable): Promise<LedgerReport> => checkLedgerRules(db, LEDGER_RULES);
