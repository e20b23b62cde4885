export * from './lockouts.js';
export * from './second-factor.js';
export {
  consumeTwoFactorCode,
  encryptSecret,
  openSealed,
  resealAtStart,
  resealRows,
  type ServerSecrets,
} from './two-factor.js';
export { twoFactorModule } from './two-factor-routes.js';
export { passkeysModule } from './passkey-routes.js';
export { withAntiPhishingCode } from './anti-phishing-mail.js';
export { assertWithdrawalAddressAllowed, confirmSensitiveChange } from './protection.js';
export { protectionModule } from './protection-routes.js';
export { verifyPasskeyAssertion } from './passkeys.js';
