/**
 * A user following their own `positions@user.<id>` stream over the WebSocket (docs/decisions/0027-positions-push.md),
 * for the push tests: signed in with LOGIN, subscribed, and the frames it gets read by kind.
 */
import { expect } from 'vitest';
import { USER_STREAMS } from '../../src/shared/api/streams.js';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';
import { connectWs, type WsClient } from './ws.js';

export const isPositions = (f: any) => f.e === 'positions';

/** The first positions frame after frame `from` that matches. */
export const positionsAfter = (client: WsClient, from: number, match: (f: any) => boolean = () => true) =>
  client.next((f) => isPositions(f) && match(f), from);

/** Lets every pending read and tick settle (a push that would come has come by then). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A socket signed in as `user` and subscribed to their positions. */
export async function followingPositions(t: TestApp, user: TestUser): Promise<WsClient> {
  const client = await connectWs(t);
  client.send({ method: 'LOGIN', params: [user.token], id: 'login' });
  expect(await client.next((f) => f.id === 'login')).toHaveProperty('result');
  client.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.positions(user.id)], id: 'sub' });
  expect(await client.next((f) => f.id === 'sub')).toEqual({ result: null, id: 'sub' });
  return client;
}
