/**
 * The app's one source of "now" (ctx.clock; bootstrap.ts reads the wall clock, tests pass a fake).
 * A file of its own, importing nothing, so the parts that take a clock need not import context.ts.
 */
export interface Clock {
  now(): Date;
}
