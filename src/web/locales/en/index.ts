/**
 * English, the source language: the shape every other language follows, and one chunk that screens
 * beyond /login's and /home's first paint wait for (its first-paint namespaces are bundled with the
 * entry: first-paint.ts, docs/decisions/0085-server-rendered-first-paint.md). One JSON file per
 * screen area (namespace); a new area adds its file here and the same file name in every other
 * language's folder (locales.test.ts checks both).
 */
import account from './account.json';
import admin from './admin.json';
import alerts from './alerts.json';
import assets from './assets.json';
import auth from './auth.json';
import common from './common.json';
import convert from './convert.json';
import custody from './custody.json';
import demo from './demo.json';
import drawer from './drawer.json';
import earn from './earn.json';
import fiat from './fiat.json';
import home from './home.json';
import identity from './identity.json';
import markets from './markets.json';
import money from './money.json';
import nav from './nav.json';
import notifications from './notifications.json';
import pages from './pages.json';
import reserves from './reserves.json';
import pairs from './pairs.json';
import safety from './safety.json';
import support from './support.json';
import trade from './trade.json';
import tradeform from './tradeform.json';
import wallet from './wallet.json';

export default {
  account,
  admin,
  alerts,
  assets,
  auth,
  common,
  convert,
  custody,
  demo,
  drawer,
  earn,
  fiat,
  home,
  identity,
  markets,
  money,
  nav,
  notifications,
  pages,
  reserves,
  pairs,
  safety,
  support,
  trade,
  tradeform,
  wallet,
};
