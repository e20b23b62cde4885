/**
 * The per-address cap on stream sockets that have shown no credential yet (docs/decisions/0050): a
 * LOGIN with a token, a listenKey in the path, or a signed WebSocket API subscription. Until then a
 * socket costs the server memory, a place in the hub and, on /ws/<segments>, listenKey look-ups,
 * for nobody in particular; an address may hold at most `max` of them at once. The address is the
 * request's, which honours TRUST_PROXY. Counted per process: a concurrent count in a shared store
 * would leak the places of a process that died, and each process pays for its own sockets.
 */
export const TOO_MANY_ANONYMOUS_SOCKETS = { code: 1008, reason: 'Too many unauthenticated connections' } as const;

export class AnonymousSockets {
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly max: number) {}

  /**
   * A place for one more socket of `address`; null when it holds `max` already. The place is given
   * back by the returned function (once, however often it is called): when the socket proves who
   * it is, or closes.
   */
  admit(address: string): (() => void) | null {
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.max) return null;
    this.byAddress.set(address, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.byAddress.delete(address);
      else this.byAddress.set(address, left);
    };
  }
}
