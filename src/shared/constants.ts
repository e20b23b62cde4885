/** Business numbers of docs/product.md section 9, in one place for the server and the web app. */

export const WALLET_KINDS = ['funding', 'lever', 'legal', 'second'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** Currencies every user sees in each wallet, even with a zero balance. */
export const DEFAULT_WALLET_CURRENCIES = ['USDT', 'BTC', 'ETH', 'USDO'] as const;
export const IN_HOUSE_COIN = 'USDO';
export const QUOTE_CURRENCY = 'USDT';

export const WITHDRAWAL_MIN_USDT = '50';
export const WITHDRAWAL_FEE_RATE = '0.01';
export const MIN_RECHARGE_USDT = '50';
/**
 * A bonus stays locked until the user has traded this many times it (docs/decisions/0047): the
 * notional of leveraged positions opened (hands x entry price) and the USDT value of spot fills.
 */
export const BONUS_TURNOVER_MULTIPLE = '20';
/** Deposit requests a user may have waiting for staff at once (docs/decisions/0020). */
export const MAX_PENDING_DEPOSITS = 5;
export const CONFIRMATIONS_TO_ARRIVE = 1;
export const CONFIRMATIONS_TO_WITHDRAW = 6;

export const LEVERAGE_OPTIONS = [100, 50, 30, 10] as const;
/**
 * USDO's price is set by staff, not by a market: it trades at 1X only, so a staff change of up to
 * +-50 % can neither liquidate a position nor pay a hedged pair (docs/decisions/0019).
 */
export const IN_HOUSE_LEVERAGE = 1;
export type Leverage = (typeof LEVERAGE_OPTIONS)[number] | typeof IN_HOUSE_LEVERAGE;
export const DEFAULT_LEVERAGE: Leverage = 100;
/** The leverage choices of a coin, the default first. */
export const leverageOptionsOf = (coin: string): readonly Leverage[] =>
  coin.trim().toUpperCase() === IN_HOUSE_COIN ? [IN_HOUSE_LEVERAGE] : LEVERAGE_OPTIONS;
/** Trading fee on the notional, on open and on close (TRADE_FEE_RATE overrides it). */
export const DEFAULT_TRADE_FEE_RATE = '0.0005';
/** Fee of a spot fill, a share of its USDT value, paid in USDT (SPOT_FEE_RATE overrides it; docs/decisions/0025-trade-protection.md). */
export const DEFAULT_SPOT_FEE_RATE = '0.001';
/** Equity at which a position is liquidated, as a share of its notional at the mark (MAINTENANCE_MARGIN_RATE). */
export const DEFAULT_MAINTENANCE_MARGIN_RATE = '0.005';
/** The smallest order, in USDT of notional (hands x price). */
export const MIN_ORDER_NOTIONAL = '5';
/** Open positions and resting orders a user may have at once. */
export const MAX_OPEN_TRADES = 50;
/**
 * Resting spot orders a user may have on one pair: Binance's MAX_NUM_ORDERS filter (200), published
 * in /api/v3/exchangeInfo, so a bot's grid stops where it would on the exchange.
 */
export const MAX_OPEN_SPOT_ORDERS = 200;
export const ORDER_TYPES = ['market', 'limit'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const TRADE_SIDES = ['buy', 'sell'] as const;
/** What closed a trade (docs/decisions/0025-trade-protection.md). */
export const CLOSE_REASONS = ['manual', 'take_profit', 'stop_loss', 'liquidation'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
/** The most hands one trade may hold (one hand = one coin); the margin limits it long before for most coins. */
export const TRADE_MAX_HANDS = '1000000000';
export const ORDER_BOOK_LEVELS = 5;
/** A client's price may differ from the server's mark by at most this fraction. */
export const PRICE_TOLERANCE = '0.01';

export const REQUEST_TIMEOUT_MS = 30_000;
export const API_CACHE_MS = 24 * 60 * 60 * 1000;
export const GEOLOCATION_TIMEOUT_MS = 5_000;
export const SIGNUP_REDIRECT_MS = 2_000;
export const PASSWORD_UPDATE_REDIRECT_MS = 2_000;
export const COPY_CONFIRMATION_MS = 2_000;
export const CHAT_POLL_MS = 3_000;
export const ADMIN_CHAT_LIST_POLL_MS = 5_000;

export const POLL = {
  markets: 5_000,
  spotMock: 3_000,
  /** The Exchange screen's open spot orders: a resting one fills on the server's per-tick pass (docs/decisions/0025-trade-protection.md). */
  spotOrders: 3_000,
  leverPrices: 3_000,
  leverCoinList: 10_000,
  leverWallet: 3_000,
  activeTrades: 1_000,
  repriceAllTrades: 20_000,
  /** Assets page USD values until the price stream is wired (docs/product.md gives the stream, not a poll). */
  assetPrices: 3_000,
} as const;

export const MAX_IMAGE_BYTES = 5_242_880;
export const TRANSACTION_PASSWORD_MIN = 6;
export const TRANSACTION_PASSWORD_MAX = 16;
export const LOGIN_PASSWORD_MIN = 8;
export const LOGIN_PASSWORD_MAX = 128;
/** A first or last name on the profile is at most this many characters (code points, after trimming; docs/decisions/0043-languages.md). */
export const PROFILE_NAME_MAX = 50;

export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_MS = 60 * 1000;
/** Wrong codes per email and purpose in 24 h, over all its codes, after which none is sent or accepted that day. */
export const OTP_DAILY_WRONG_MAX = 20;
export const OTP_DAILY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const QR_LEVEL = 'H';
export const QR_SIZE = 200;
export const LEGAL_CURRENCY_DEFAULT_AMOUNT = '100.0000';
export const LEGAL_CURRENCY_LIMIT = '100.00';
export const SUPPORT_HOURS = '10:00am-10:00pm EST';
export const APP_VERSION = '1.0.0';
export const OPEN_ORDERS_MAX_HEIGHT_PX = 320;
export const EMOJI_PICKER = { width: 350, height: 450, recentMax: 14 } as const;

export const PRICE_DECIMALS = { home: 5, markets: 4, marketsTiny: 8, other: 2 } as const;
export const PL_DECIMALS = 2;

/** The ten languages: `name` as docs/product.md lists them, `native` as their speakers write it (the picker). */
export const LANGUAGES = [
  { code: 'en', name: 'English', native: 'English' },
  { code: 'zh', name: 'Chinese', native: '中文' },
  { code: 'ja', name: 'Japanese', native: '日本語' },
  { code: 'ko', name: 'Korean', native: '한국어' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'de', name: 'German', native: 'Deutsch' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'it', name: 'Italian', native: 'Italiano' },
  { code: 'ru', name: 'Russian', native: 'Русский' },
  { code: 'pt', name: 'Portuguese', native: 'Português' },
] as const;

/**
 * The bonus schedule's groups (docs/decisions/0030), here and not beside their schemas in shared/api/bonuses.ts
 * so Home's banner knows them without zod (docs/decisions/0085-server-rendered-first-paint.md, step 1).
 */
export const BONUS_GROUPS = ['new_user', 'membership', 'vip', 'top'] as const;
export type BonusGroup = (typeof BONUS_GROUPS)[number];

/** Bonus schedule shown in the Home notifications popup (USDT: recharge -> bonus). */
export const BONUS_TIERS = {
  newUser: [
    ['200', '5'],
    ['500', '15'],
    ['1000', '40'],
    ['3000', '100'],
    ['6000', '200'],
    ['10000', '500'],
  ],
  membership: [
    ['3000', '500'],
    ['5000', '1000'],
    ['10000', '2500'],
  ],
  vip: [
    ['20000', '3000'],
    ['50000', '10000'],
    ['100000', '25000'],
  ],
  top: [
    ['150000', '35000'],
    ['200000', '50000'],
  ],
} as const;

export const LOCK_UP_PRODUCTS = [
  { name: 'Pro 15', min: '200', max: '10000', yieldPercent: '5', days: 15 },
  { name: 'Pro 30', min: '500', max: '20000', yieldPercent: '10', days: 30 },
  { name: 'Pro 60', min: '1000', max: '50000', yieldPercent: '15', days: 60 },
] as const;

export const TRANSACTION_STATUSES = ['pending', 'successful', 'cancel'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
