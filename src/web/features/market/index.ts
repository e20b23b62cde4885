/** Screens of the market capability (loaded as one chunk). */
export { HomePage } from './HomePage';
export { MarketsPage } from './MarketsPage';
