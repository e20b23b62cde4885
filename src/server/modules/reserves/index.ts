/** The proof of reserves module's public face (docs/proof-of-reserves.md). */
export { reserveAddresses } from './addresses.js';
export { reservesModule } from './routes.js';
