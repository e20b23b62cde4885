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
/**
 * Every plain text of the tables defined so far, by its English text: how a schema's text given as a
 * plain string (`{ error: WALLET_MSG.x }`) finds its code. A text two tables share keeps the first
 * table's code here; a schema that uses one carries its own code instead (`schemaError`).
 */
const BY_TEXT = new Map<string, Message>();

/** Names a message table (and its nested tables, `<name>.<key>`) and returns it unchanged. */
export function defineMessages<T extends object>(name: string, table: T): T {
  const known = NAMES.get(table);
  if (known !== undefined && known !== name) throw new Error(`message table ${name} is already ${known}`);
  NAMES.set(table, name);
  for (const [key, entry] of Object.entries(table)) {
    if (entry !== null && typeof entry === 'object') defineMessages(`${name}.${key}`, entry);
    else if (typeof entry === 'string' && !BY_TEXT.has(entry))
      BY_TEXT.set(entry, { code: `${name}.${key}`, text: entry });
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

/** The plain table text `text` as a Message (see BY_TEXT), or null for a text in no table loaded. */
export const messageOfText = (text: string): Message | null => BY_TEXT.get(text) ?? null;

/** Where a schema's issue carries its Message: `issue.params[MESSAGE_PARAM]` (zod's own `params`). */
const MESSAGE_PARAM = 'message';

interface IssueLike {
  params?: Record<string, unknown>;
}

/**
 * zod's `error` option for a message made from arguments, or a text two tables share: answers the text
 * and leaves the Message on the issue, so the error handler and the web's forms take its code from
 * there rather than from the text (docs/decisions/0076-error-codes.md "Schema messages"). `make` may
 * read the issue (its input) and answer undefined to leave the issue to zod's next message; a plain
 * string is given back as it is (a table text not shared: BY_TEXT finds its code).
 */
export function schemaError(text: string): string;
export function schemaError<I extends object>(
  make: Message | ((issue: I) => Message | undefined),
): (issue: I) => string | undefined;
export function schemaError<I extends object>(
  make: string | Message | ((issue: I) => Message | undefined),
): string | ((issue: I) => string | undefined);
export function schemaError<I extends object>(
  make: string | Message | ((issue: I) => Message | undefined),
): string | ((issue: I) => string | undefined) {
  if (typeof make === 'string') return make; // a plain table text: its code is found by the text
  return (issue) => {
    const message = typeof make === 'function' ? make(issue) : make;
    if (message === undefined) return undefined;
    const own = issue as IssueLike;
    own.params = { ...own.params, [MESSAGE_PARAM]: message };
    return message.text;
  };
}

/** A custom issue's message and params for `ctx.addIssue({ code: 'custom', path, ...schemaIssue(m) })`. */
export const schemaIssue = (message: Message) => ({ message: message.text, params: { [MESSAGE_PARAM]: message } });

const isMessage = (value: unknown): value is Message =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as Message).code === 'string' &&
  typeof (value as Message).text === 'string';

/**
 * A schema issue's message with its code: the Message it carries (schemaError, schemaIssue) when its
 * text is the issue's, else the table text it is, else the text without a code (`code: ''`).
 */
export function issueMessage(issue: { message: string; params?: unknown }): Message {
  const params = issue.params as Record<string, unknown> | undefined;
  const carried = params?.[MESSAGE_PARAM];
  if (isMessage(carried) && carried.text === issue.message) return carried;
  return messageOfText(issue.message) ?? { code: '', text: issue.message };
}
