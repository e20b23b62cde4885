/** The per-address places of unauthenticated stream sockets (docs/decisions/0050). */
import { describe, expect, it } from 'vitest';
import { AnonymousSockets } from './anonymous-sockets.js';

describe('AnonymousSockets', () => {
  it('admits up to the cap per address, counts addresses apart, and takes each place back once', () => {
    const places = new AnonymousSockets(2);
    const first = places.admit('203.0.113.7');
    const second = places.admit('203.0.113.7');
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(places.admit('203.0.113.7')).toBeNull();
    expect(places.admit('198.51.100.9')).not.toBeNull();
    first!();
    first!(); // a second release gives back nothing more
    expect(places.admit('203.0.113.7')).not.toBeNull();
    expect(places.admit('203.0.113.7')).toBeNull();
  });
});
