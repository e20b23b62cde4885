import { describe, expect, it, vi } from 'vitest';
import { onSessionsEnded, sessionsEnded } from './session-events.js';

describe('session events', () => {
  it("calls only the listeners of the user whose sessions changed, and everyone's when anyone's may have", () => {
    const ctx = {};
    const alice = vi.fn();
    const aliceOtherSocket = vi.fn();
    const bob = vi.fn();
    onSessionsEnded(ctx, 1, alice);
    onSessionsEnded(ctx, 1, aliceOtherSocket);
    onSessionsEnded(ctx, 2, bob);

    sessionsEnded(ctx, 1);
    expect([alice.mock.calls.length, aliceOtherSocket.mock.calls.length, bob.mock.calls.length]).toEqual([1, 1, 0]);
    sessionsEnded(ctx, 3);
    expect([alice.mock.calls.length, aliceOtherSocket.mock.calls.length, bob.mock.calls.length]).toEqual([1, 1, 0]);
    sessionsEnded(ctx, undefined);
    expect([alice.mock.calls.length, aliceOtherSocket.mock.calls.length, bob.mock.calls.length]).toEqual([2, 2, 1]);
  });

  it('stops calling a listener once it stopped, and keeps contexts apart', () => {
    const ctx = {};
    const other = {};
    const listener = vi.fn();
    const stayed = vi.fn();
    const stop = onSessionsEnded(ctx, 1, listener);
    onSessionsEnded(ctx, 1, stayed);
    stop();
    stop(); // twice is harmless
    sessionsEnded(ctx, 1);
    sessionsEnded(other, 1);
    expect(listener).not.toHaveBeenCalled();
    expect(stayed).toHaveBeenCalledTimes(1);
  });
});
