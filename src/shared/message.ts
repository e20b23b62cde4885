/**
 * A message with its code (docs/decisions/0076-error-codes.md): what the server throws and answers. Each
 * message table of src/shared is named where it is defined (`defineMessages('wallet', {...})`), so
 * `msg(WALLET_MSG, 'sameWallet')` knows its code `wallet.sameWallet` without the other tables: the web's
 * first paint keeps to the tables it uses (docs/decisions/0043-languages.md).
 */
export interface Message {
  /** `<table>.<key>`, e.g. `wallet.sameWallet`; the catalogs translate `messages.<code>`. */
  readonly code: string;
  /** The English text: docs/product.md's texts, what `error`/`message` carry on the wire. */
  readonly text: string;
  /** A made text's arguments as `p0`, `p1`...: the English catalog filled with them is `text`. */
  readonly params?: Readonly<Record<string, string>>;
}

const NAMES = new WeakMap<object, string>();

/** Names a message table (and its nested tables, `<name>.<key>`) and returns it unchanged. */
export function defineMessages<T extends object>(name: string, table: T): T {
  const known = NAMES.get(table);
  if (known !== undefined && known !== name) throw new Error(`message table ${name} is already ${known}`);
  NAMES.set(table, name);
  for (const [key, entry] of Object.entries(table)) {
    if (entry !== null && typeof entry === 'object') defineMessages(`${name}.${key}`, entry);
  }
  return table;
}

type Argument = string | number;
type Entry = string | ((...args: never[]) => string);
/** The keys of a table whose entries are messages (not nested tables). */
type MessageKey<T> = { [K in keyof T & string]: T[K] extends Entry ? K : never }[keyof T & string];
type ArgsOf<E> = E extends (...args: infer A) => string ? (A extends readonly Argument[] ? A : never) : [];

/**
 * The message `key` of `table`, made with `args` when it is a function: the code is the table's name and
 * the key, the params the arguments as strings. A function with logic (a choice made from an argument)
 * is split into plain entries instead, so its English template fills to the same text.
 */
export function msg<T extends object, K extends MessageKey<T>>(table: T, key: K, ...args: ArgsOf<T[K]>): Message {
  const name = NAMES.get(table);
  if (name === undefined) throw new Error(`not a message table (key ${key})`);
  const entry = (table as Record<string, unknown>)[key];
  if (typeof entry === 'string') return { code: `${name}.${key}`, text: entry };
  if (typeof entry !== 'function') throw new Error(`no message ${name}.${key}`);
  const text = (entry as (...values: Argument[]) => string)(...(args as Argument[]));
  if (args.length === 0) return { code: `${name}.${key}`, text };
  const params = Object.fromEntries((args as Argument[]).map((value, i) => [`p${i}`, String(value)]));
  return { code: `${name}.${key}`, text, params };
}
