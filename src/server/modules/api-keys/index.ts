/** API keys and the exchange-compatible private API (docs/decisions/0033-api-keys.md): what app.ts and other modules may import. */
export { apiKeysModule } from './routes.js';
export { privateApiModule } from './private-routes.js';
export { endApiKeys, type ApiKeyEndReason } from './end.js';
