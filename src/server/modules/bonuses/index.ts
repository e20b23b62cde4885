/** The bonuses module's public face: what app.ts and other modules may import (the rest is internal). */
export { bonusesModule } from './routes.js';
export { payBonuses, type BonusesPaid } from './award.js';
export { mailBonuses } from './mail.js';
export { bonusLockOf, lockBonusAccounts, releaseEarnedBonus, turnoverLeft } from './lock.js';
