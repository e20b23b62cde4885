/**
 * NOTIFY channels that migrations' triggers send and that more than one module listens to
 * (db/change-feed.ts hands each to its watchers). Here, beside the database that sends them, so a
 * listener need not import the module that writes the rows: market's trade stream hears spot's
 * orders without importing spot, which is built on market (docs/style.md: imports point one way).
 */

/** Migration 0009's trigger notifies it on every change of a spot order (JSON: user_id, order_id, status). */
export const SPOT_ORDERS_CHANGED = 'spot_orders_changed';
