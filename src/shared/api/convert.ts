/**
 * Convert, the one-tap swap between two coins of the funding wallet (docs/decisions/0053-convert.md):
 * a quote valid for 10 s, executed once at exactly its numbers. Requests, answers and texts for the
 * server, the Convert screen and the staff console's spread setting.
 */
import { z } from 'zod';
import { DEFAULT_WALLET_CURRENCIES, IN_HOUSE_COIN, QUOTE_CURRENCY } from '../constants.js';
import { MAIN_SYMBOLS, splitSymbol } from '../market.js';
import { AMOUNT_DECIMALS, dec } from '../money.js';
import { decimalString } from './common.js';
import { defineMessages, msg, schemaError } from '../message.js';

/** The coins a convert may take or give: USDT, BTC, ETH, the 15 main coins and USDO (each has a price). */
export const CONVERT_COINS: readonly string[] = [
  ...new Set([
    QUOTE_CURRENCY,
    ...DEFAULT_WALLET_CURRENCIES.filter((c) => c !== IN_HOUSE_COIN),
    ...MAIN_SYMBOLS.map((s) => splitSymbol(s)!.baseAsset),
    IN_HOUSE_COIN,
  ]),
];

/** How long a quote may be executed, from its making. */
export const CONVERT_QUOTE_TTL_MS = 10_000;
/** The spread until staff set one (0.5 %), and the most they may set (10 %), in basis points. */
export const DEFAULT_CONVERT_SPREAD_BPS = 50;
export const MAX_CONVERT_SPREAD_BPS = 1000;

export const CONVERT_MSG = defineMessages('convert', {
  chooseCoin: 'Please choose the coins to convert from and to',
  unknownCoin: (coin: string) => `${coin} cannot be converted: it has no price here`,
  sameCoin: 'Please choose two different coins',
  enterAmount: 'Please enter an amount greater than 0',
  amountDecimals: (decimals: number) => `An amount has at most ${decimals} decimals`,
  insufficient: (coin: string, needed: string, available: string) =>
    `Insufficient balance: this convert needs ${needed} ${coin} in your funding wallet and you have ${available}.`,
  tooSmall: 'This amount is too small to convert. Please enter a larger amount.',
  quoteNotFound: 'This quote does not exist. Please ask for a new quote.',
  quoteUsed: 'This quote was already used. Please ask for a new quote.',
  quoteExpired: 'This quote has expired. Please ask for a new quote.',
  converted: 'Converted',
  quoteFailed: 'Could not get a quote. Please try again.',
  convertFailed: 'The convert did not go through. Please try again.',
  spreadRange: (max: number) => `The spread is a whole number of basis points from 0 to ${max}`,
} as const);

const coinInput = z
  .string({ error: CONVERT_MSG.chooseCoin })
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => v.length > 0, { error: CONVERT_MSG.chooseCoin })
  .refine((v) => CONVERT_COINS.includes(v), {
    error: schemaError((issue: { input?: unknown }) => msg(CONVERT_MSG, 'unknownCoin', String(issue.input))),
  });

const POSITIVE_DECIMAL = /^\d{1,18}(\.\d+)?$/;

/** A positive amount with at most 8 decimals (numbers are accepted and canonicalised). */
export const convertAmountInput = z
  .union([z.string(), z.number()], { error: schemaError(msg(CONVERT_MSG, 'enterAmount')) })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .refine((v) => POSITIVE_DECIMAL.test(v) && dec(v).gt(0), {
    error: schemaError(msg(CONVERT_MSG, 'enterAmount')),
    abort: true,
  })
  .refine((v) => dec(v).decimalPlaces() <= AMOUNT_DECIMALS, {
    error: schemaError(msg(CONVERT_MSG, 'amountDecimals', AMOUNT_DECIMALS)),
  })
  .transform((v) => dec(v).toFixed());

/** POST /api-v1/convert/quote/ */
export const convertQuoteBody = z
  .object({ from: coinInput, to: coinInput, amount: convertAmountInput })
  .refine((v) => v.from !== v.to, { error: CONVERT_MSG.sameCoin, path: ['to'] });
export type ConvertQuoteBody = z.infer<typeof convertQuoteBody>;

export const convertQuote = z.object({
  quote_id: z.string(),
  from: z.string(),
  to: z.string(),
  /** What leaves the funding wallet, in `from`. */
  amount: decimalString,
  /** `to` per `from`, before the spread. */
  price: decimalString,
  /** What arrives, in `to`: amount x price less the fee. */
  received: decimalString,
  /** The spread the house keeps, in `to`. */
  fee: decimalString,
  fee_currency: z.string(),
  spread_bps: z.number().int(),
  expires_at: z.string(),
  /** Seconds the quote stays valid, as a countdown starts. */
  valid_for: z.number().int(),
});
export type ConvertQuote = z.infer<typeof convertQuote>;

/** POST /api-v1/convert/ */
export const convertExecuteBody = z.object({
  quote_id: z.string({ error: CONVERT_MSG.quoteNotFound }).trim().min(1, { error: CONVERT_MSG.quoteNotFound }).max(64),
});

export const convertDone = z.object({
  message: z.string(),
  convert: convertQuote.omit({ expires_at: true, valid_for: true }).extend({ executed_at: z.string() }),
});
export type ConvertDone = z.infer<typeof convertDone>;

const spreadRange = schemaError(msg(CONVERT_MSG, 'spreadRange', MAX_CONVERT_SPREAD_BPS));

/** The staff console's spread input (PUT /api-v3/admin/settings/ `convert_spread_bps`). */
export const convertSpreadInput = z
  .number({ error: spreadRange })
  .int({ error: spreadRange })
  .min(0, { error: spreadRange })
  .max(MAX_CONVERT_SPREAD_BPS, { error: spreadRange });
