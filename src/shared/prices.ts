/**
 * When a market price counts as usable for valuing money (web and server decide alike): a plain
 * positive decimal. The exchange pads with zeros ("65000.10000000"); "0", "0.000", "", "-1", "1e5"
 * and "NaN" are not prices. A stale mark is the caller's second question (docs/architecture.md
 * section 4).
 */
export const isUsablePrice = (price: string | null | undefined): price is string =>
  typeof price === 'string' && /^\d+(\.\d+)?$/.test(price) && !/^0+(\.0+)?$/.test(price);
