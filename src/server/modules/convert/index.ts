/** The convert module's public face (docs/decisions/0053-convert.md). */
export { convertModule } from './routes.js';
export { CONVERT_SPREAD_KEY, convertSpread } from './spread.js';
