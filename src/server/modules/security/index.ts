export * from './lockouts.js';
export * from './second-factor.js';
export { passkeysModule } from './passkey-routes.js';
