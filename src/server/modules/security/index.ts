export * from './lockouts.js';
export * from './second-factor.js';
export { hasPasskeys, verifyPasskeyAssertion } from './passkeys.js';
export { passkeysModule } from './passkey-routes.js';
