/**
 * The English namespaces bundled with the entry: the shell's (common, nav, demo) and those of the
 * screens a visit starts on, /login (auth, home) and /home (home, money, assets, convert, markets,
 * pairs, notifications, drawer, account), so their first paint shows texts, never keys, without
 * waiting for a download. Every other namespace comes with the whole catalog (index.ts), which a
 * screen of another feature waits for with its own chunk (app/routes.tsx); see
 * docs/decisions/0085-server-rendered-first-paint.md, step 1. tests/e2e/first-paint-texts.test.ts
 * checks that neither page (nor its drawer or bell) shows a key without the rest.
 */
import account from './account.json';
import assets from './assets.json';
import auth from './auth.json';
import common from './common.json';
import convert from './convert.json';
import demo from './demo.json';
import drawer from './drawer.json';
import home from './home.json';
import markets from './markets.json';
import money from './money.json';
import nav from './nav.json';
import notifications from './notifications.json';
import pairs from './pairs.json';

export default {
  account,
  assets,
  auth,
  common,
  convert,
  demo,
  drawer,
  home,
  markets,
  money,
  nav,
  notifications,
  pairs,
};
