/**
 * A stable code for every message the server and the web show (docs/decisions/0043-languages.md, docs/decisions/
 * 0043-languages.md): the message tables of src/shared are the one source of the English texts, and a
 * text's code is `<table>.<key>` (e.g. `auth.loginFailed`). A text made by a function (`Please enter a
 * valid ERC20 address`) has the function's code and its arguments as `params` ({ p0: 'ERC20' }).
 *
 * The server sends `code` (and `params`) beside every `error` (plugins/error-handler.ts); the web
 * translates a message by its code, or, for the texts its own forms make from the same tables, finds
 * the code from the English text (lib/i18n.ts `message`). Translations live in the catalogs as
 * `messages.<table>.<key>`, with `{{p0}}`, `{{p1}}` where the English has the arguments.
 *
 * This module imports every table, schemas and zod with them: the web loads it only with a language
 * other than English, never on its first paint.
 */
import { ADMIN_MSG } from './api/admin.js';
import { API_KEYS_MSG } from './api/api-keys.js';
import { AUTH_MSG } from './api/auth.js';
import { BONUS_MSG } from './api/bonuses.js';
import { CUSTODY_MSG } from './api/custody.js';
import { SORT_MSG } from './api/common.js';
import { CONVERT_MSG } from './api/convert.js';
import { DEMO_MSG } from './api/demo.js';
import { DEPOSIT_MSG } from './api/deposits.js';
import { EARN_MSG } from './api/earn.js';
import { FAVOURITES_MSG } from './api/favourites.js';
import { FIAT_MSG } from './api/fiat.js';
import { IDEMPOTENCY_MSG } from './api/idempotency.js';
import { IDENTITY_MSG } from './api/identity.js';
import { NOTIFICATIONS_MSG } from './api/notifications.js';
import { PRICE_ALERTS_MSG } from './api/price-alerts.js';
import { PROTECTION_MSG } from './api/protection.js';
import { RESERVES_MSG } from './api/reserves.js';
import { SPOT_MSG } from './api/spot.js';
import { STATEMENTS_MSG } from './api/statements.js';
import { SUPPORT_MSG } from './api/support.js';
import { TRADE_MSG } from './api/trade.js';
import { TWO_FACTOR_MSG } from './api/two-factor.js';
import { WALLET_MSG } from './api/wallet.js';
import { ADDRESS_MSG } from './addresses.js';
import { METRICS_MSG, MSG, PROFILE_MSG, SESSIONS_MSG, UPLOADS_MSG, WITHDRAWAL_LIMITS_MSG } from './messages.js';
import { PASSKEY_MSG } from './passkey-texts.js';
import { SERVER_MSG } from './server-messages.js';

type Entry = string | ((...args: never[]) => unknown) | { readonly [key: string]: Entry };

/** Every message table, by the name its codes start with. A new table is added here. */
export const MESSAGE_TABLES: Record<string, { readonly [key: string]: Entry }> = {
  app: MSG,
  server: SERVER_MSG,
  withdrawalLimits: WITHDRAWAL_LIMITS_MSG,
  uploads: UPLOADS_MSG,
  sessions: SESSIONS_MSG,
  profile: PROFILE_MSG,
  metrics: METRICS_MSG,
  admin: ADMIN_MSG,
  apiKeys: API_KEYS_MSG,
  bonuses: BONUS_MSG,
  sort: SORT_MSG,
  deposits: DEPOSIT_MSG,
  idempotency: IDEMPOTENCY_MSG,
  notifications: NOTIFICATIONS_MSG,
  priceAlerts: PRICE_ALERTS_MSG,
  statements: STATEMENTS_MSG,
  protection: PROTECTION_MSG,
  spot: SPOT_MSG,
  trade: TRADE_MSG,
  twoFactor: TWO_FACTOR_MSG,
  wallet: WALLET_MSG,
  addresses: ADDRESS_MSG,
  passkeys: PASSKEY_MSG,
  auth: AUTH_MSG,
  identity: IDENTITY_MSG,
  support: SUPPORT_MSG,
  reserves: RESERVES_MSG,
  favourites: FAVOURITES_MSG,
  convert: CONVERT_MSG,
  fiat: FIAT_MSG,
  custody: CUSTODY_MSG,
  earn: EARN_MSG,
  demo: DEMO_MSG,
};

export interface MessageMatch {
  code: string;
  params?: Record<string, string>;
}

interface Template {
  code: string;
  /** The English text with `{{p0}}`... where the arguments go. */
  english: string;
  pattern: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MARK = (i: number) => `\u0000${i}\u0000`;

/**
 * A function message as a template: called with markers for arguments. Functions whose arguments are
 * not plain strings (arrays, objects), or that return no string, are not templates and get no code.
 */
function templateOf(code: string, fn: (...args: string[]) => unknown): Template | null {
  let text: unknown;
  try {
    text = fn(...Array.from({ length: fn.length }, (_, i) => MARK(i)));
  } catch {
    return null;
  }
  if (typeof text !== 'string' || fn.length === 0) return null;
  // eslint-disable-next-line no-control-regex -- the markers are NUL-delimited so no message can contain one
  const parts = text.split(/\u0000(\d+)\u0000/);
  if (parts.length !== fn.length * 2 + 1) return null; // an argument used twice, or not at all
  let source = '^';
  let english = '';
  const names: string[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      source += escape(part);
      english += part;
    } else {
      source += '(.+?)';
      english += `{{p${part}}}`;
      names.push(`p${part}`);
    }
  });
  return { code, english, pattern: new RegExp(`${source}$`, 's'), names };
}

interface Index {
  exact: Map<string, string>;
  templates: Template[];
  english: Map<string, string>;
}

let index: Index | null = null;

function build(): Index {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  const english = new Map<string, string>();
  const add = (code: string, entry: Entry): void => {
    if (typeof entry === 'object') {
      for (const [key, inner] of Object.entries(entry)) add(`${code}.${key}`, inner);
    } else if (typeof entry === 'string') {
      if (!exact.has(entry)) exact.set(entry, code); // the same text in two tables: the first code
      english.set(code, entry);
    } else {
      const template = templateOf(code, entry as (...args: string[]) => unknown);
      if (template) {
        templates.push(template);
        english.set(code, template.english);
      }
    }
  };
  for (const [table, entries] of Object.entries(MESSAGE_TABLES)) add(table, entries);
  // The most specific first: 'Insufficient balance. Minimum ...' before 'Minimum ...'.
  templates.sort((a, b) => b.english.length - a.english.length);
  return { exact, templates, english };
}

const built = (): Index => (index ??= build());

/** The code (and arguments) of an English message, or null for a text that is in no table. */
export function messageCode(text: string): MessageMatch | null {
  const { exact, templates } = built();
  const code = exact.get(text);
  if (code) return { code };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (match) {
      const params: Record<string, string> = {};
      template.names.forEach((name, i) => (params[name] = match[i + 1] ?? ''));
      return { code: template.code, params };
    }
  }
  return null;
}

/** Every code with its English text (`{{p0}}` for arguments): the source the translators work from. */
export const englishMessages = (): ReadonlyMap<string, string> => built().english;
