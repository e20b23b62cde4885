/** The proof of reserves module's public face (docs/proof-of-reserves.md). */
export { reservesModule } from './routes.js';
