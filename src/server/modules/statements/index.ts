/** The statements module's public face (docs/decisions/0055-alerts-statements.md). */
export { statementsModule } from './routes.js';
