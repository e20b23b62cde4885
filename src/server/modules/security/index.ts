/**
 * The security module's public face. Below auth: auth signs in with its checks (second factors, locks,
 * passkeys, emailed codes); nothing here imports auth (docs/decisions/0051-import-loop-rule.md).
 */
export * from './lockouts.js';
export * from './second-factor.js';
export { secondFactorMethods } from './factors.js';
export { createOtpService, INVALID_OTP } from './otp.js';
export { consumeTwoFactorCode } from './two-factor.js';
export { twoFactorModule } from './two-factor-routes.js';
export { passkeysModule } from './passkey-routes.js';
export {
  relyingPartyOf,
  secondFactorOptions,
  signInOptions,
  verifyPasskeyAssertion,
  verifyPasskeySignIn,
} from './passkeys.js';
export { withAntiPhishingCode } from './anti-phishing-mail.js';
export { assertWithdrawalAddressAllowed, confirmSensitiveChange } from './protection.js';
export { protectionModule } from './protection-routes.js';
