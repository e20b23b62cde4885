/**
 * The served order book of each symbol, with one update id shared by GET /api/v3/depth and the
 * diff stream `<symbol>@depth` (docs/architecture.md "Public streams", docs/decisions/0032).
 *
 * The feed says what the book is now (the simulator derives it from the second, the exchange
 * source fetches it); the keeper remembers the book it last served per symbol and numbers every
 * change of it: each new book that differs gets the update id max(last + 1, the feed's own
 * lastUpdateId), so ids only grow, and the simulator's books keep their ids (second x 1000) on every
 * instance. While someone listens to a symbol's diff stream, the changed levels are collected
 * (the final quantity of each price, "0" when it left the book) from the first id after the
 * subscription on; the stream takes them once per tick as one event with U = first id collected and
 * u = the last id. A client that follows the exchange's procedure (buffer events, fetch the
 * snapshot, drop events with u <= lastUpdateId, start at the event with U <= lastUpdateId + 1 <= u,
 * then each U = previous u + 1) therefore holds exactly the served book after each event: every
 * level changed after its snapshot is in the events with its final quantity.
 */
import type { OrderBook } from '../../../shared/api/market.js';
import { BOOK_LEVELS } from './depth.js';
import type { ExchangeFeed } from './types.js';

type Level = [string, string];

/** Changed levels collected for the diff stream: price -> final quantity ("0" = gone). */
export interface BookDiff {
  /** The first update id in the diff (U). */
  first: number;
  /** The last update id in the diff (u). */
  last: number;
  bids: Level[];
  asks: Level[];
}

interface Pending {
  first: number | undefined;
  bids: Map<string, string>;
  asks: Map<string, string>;
}

interface ServedBook {
  /** The update id of this book (lastUpdateId). */
  id: number;
  /** The feed's own lastUpdateId of the book applied last (older answers are not applied). */
  feedId: number;
  bids: Level[];
  asks: Level[];
  /** Set while the diff stream of this symbol has listeners. */
  pending?: Pending;
}

/** Records in `into` every level of `before` and `after` whose quantity differs; true when any did. */
function collect(before: readonly Level[], after: readonly Level[], into: Map<string, string> | undefined): boolean {
  const old = new Map(before);
  let changed = false;
  for (const [price, qty] of after) {
    if (old.get(price) !== qty) {
      changed = true;
      into?.set(price, qty);
    }
    old.delete(price);
  }
  for (const [price] of old) {
    changed = true;
    // The exchange writes a level that left the book with quantity 0, in the book's own format.
    into?.set(price, '0.00000000');
  }
  return changed;
}

export class BookKeeper {
  private readonly books = new Map<string, ServedBook>();
  /** Symbols whose diff stream is listened to before their first book was read. */
  private readonly tracked = new Set<string>();

  constructor(private readonly feed: ExchangeFeed) {}

  /** The served book of a catalogued symbol now: read from the feed and numbered (BOOK_LEVELS levels). */
  async book(symbol: string): Promise<OrderBook> {
    const next = await this.feed.depth(symbol, BOOK_LEVELS);
    return this.apply(symbol, next);
  }

  /** GET /api/v3/depth: the served book cut to `limit` levels a side. */
  async depth(symbol: string, limit: number): Promise<OrderBook> {
    const book = await this.book(symbol);
    return { lastUpdateId: book.lastUpdateId, bids: book.bids.slice(0, limit), asks: book.asks.slice(0, limit) };
  }

  /** The last served book, without asking the feed (undefined before the first read). */
  last(symbol: string): OrderBook | undefined {
    const book = this.books.get(symbol);
    return book && { lastUpdateId: book.id, bids: book.bids, asks: book.asks };
  }

  /**
   * Starts collecting a symbol's changes for its diff stream (a no-op when already collecting):
   * called at SUBSCRIBE, so every change after the subscription is in the stream.
   */
  track(symbol: string): void {
    const book = this.books.get(symbol);
    if (!book) this.tracked.add(symbol);
    else book.pending ??= { first: undefined, bids: new Map(), asks: new Map() };
  }

  /** Stops collecting for symbols whose diff stream nobody listens to any more. */
  untrackExcept(symbols: ReadonlySet<string>): void {
    for (const [symbol, book] of this.books) if (!symbols.has(symbol)) book.pending = undefined;
    for (const symbol of this.tracked) if (!symbols.has(symbol)) this.tracked.delete(symbol);
  }

  /** The changes collected since the last call (one diff event), or undefined when nothing changed. */
  takeDiff(symbol: string): BookDiff | undefined {
    const book = this.books.get(symbol);
    const pending = book?.pending;
    if (!book || pending?.first === undefined) return undefined;
    book.pending = { first: undefined, bids: new Map(), asks: new Map() };
    return { first: pending.first, last: book.id, bids: [...pending.bids], asks: [...pending.asks] };
  }

  private apply(symbol: string, next: OrderBook): OrderBook {
    let book = this.books.get(symbol);
    if (!book) {
      book = { id: next.lastUpdateId, feedId: next.lastUpdateId, bids: next.bids, asks: next.asks };
      if (this.tracked.delete(symbol)) book.pending = { first: undefined, bids: new Map(), asks: new Map() };
      this.books.set(symbol, book);
    } else if (next.lastUpdateId >= book.feedId) {
      // An answer older than the one applied (concurrent reads of a fetching feed) is not applied.
      const pending = book.pending;
      const bids = collect(book.bids, next.bids, pending?.bids);
      const asks = collect(book.asks, next.asks, pending?.asks);
      book.feedId = next.lastUpdateId;
      if (bids || asks) {
        const id = Math.max(book.id + 1, next.lastUpdateId);
        if (pending && pending.first === undefined) pending.first = book.id + 1;
        book.id = id;
        book.bids = next.bids;
        book.asks = next.asks;
      }
    }
    return { lastUpdateId: book.id, bids: book.bids, asks: book.asks };
  }
}
