export * from './lockouts.js';
export * from './second-factor.js';
export { withAntiPhishingCode } from './anti-phishing-mail.js';
export { assertWithdrawalAddressAllowed } from './protection.js';
export { protectionModule } from './protection-routes.js';
