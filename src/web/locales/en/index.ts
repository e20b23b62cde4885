/**
 * English, the source language: bundled with the app (so /login needs no extra request) and the shape
 * every other language follows. One JSON file per screen area (namespace); a new area adds its file
 * here and the same file name in every other language's folder (locales.test.ts checks both).
 */
import assets from './assets.json';
import drawer from './drawer.json';
import home from './home.json';
import markets from './markets.json';
import nav from './nav.json';
import notifications from './notifications.json';
import trade from './trade.json';

export default { assets, drawer, home, markets, nav, notifications, trade };
