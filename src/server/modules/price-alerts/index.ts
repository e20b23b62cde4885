/** The price alerts module's public face (docs/decisions/0055-alerts-statements.md). */
export { priceAlertsModule } from './routes.js';
