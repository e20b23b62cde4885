/** API keys and the exchange-compatible private API (issue 20): what app.ts and other modules may import. */
export { apiKeysModule } from './routes.js';
export { privateApiModule } from './private-routes.js';
export { endApiKeys, type ApiKeyEndReason } from './end.js';
