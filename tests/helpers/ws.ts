/** A WebSocket client on the in-process app (inject), collecting frames and waiting for one. */
import { vi } from 'vitest';
import type WebSocket from 'ws';
import type { TestApp } from './app.js';

export interface WsClient {
  ws: WebSocket;
  frames: any[];
  raw: string[];
  send(message: unknown): void;
  /** The first frame (after `from`) matching, waiting for it. */
  next(match: (frame: any) => boolean, from?: number): Promise<any>;
  closed: Promise<number>;
}

export async function connectWs(app: TestApp, path = '/ws'): Promise<WsClient> {
  const ws = await app.app.injectWS(path);
  const frames: any[] = [];
  const raw: string[] = [];
  ws.on('message', (data) => {
    raw.push(String(data));
    frames.push(JSON.parse(String(data)));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    ws,
    frames,
    raw,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next: (match, from = 0) =>
      vi.waitFor(
        () => {
          const frame = frames.slice(from).find(match);
          if (!frame) throw new Error('no such frame yet');
          return frame;
        },
        { timeout: 5_000, interval: 20 },
      ),
  };
}
