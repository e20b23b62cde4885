import type { AddressInfo } from 'node:net';
import { PassThrough, type Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { batchSender } from './batch.js';

/** A stand-in for ws's server-side WebSocket: what sendBatch looks at. */
function fakeSocket(options: { extensions?: string; transport?: boolean } = {}) {
  const written: Buffer[] = [];
  const transport = new PassThrough();
  transport.on('data', (chunk: Buffer) => written.push(chunk));
  const send = vi.fn();
  const socket = {
    extensions: options.extensions ?? '',
    _socket: options.transport === false ? null : transport,
    send,
  } as unknown as WebSocket;
  return { socket, written, writes: vi.spyOn(transport, 'write'), send };
}

/**
 * Sends `texts` as one batch from a real ws server's socket to a real ws client: what the client
 * read (`text:` or `binary:` and the data, in order) and how many writes the server's socket took.
 */
async function sentThroughWs(texts: readonly string[]): Promise<{ received: string[]; writes: number }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data: Buffer, isBinary: boolean) => {
        received.push(`${isBinary ? 'binary' : 'text'}:${data.toString()}`);
        if (received.length === texts.length) resolve();
      }),
    );
    const socket = await new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const writes = vi.spyOn((socket as unknown as { _socket: Writable })._socket, 'write');
    batchSender(socket)(texts.map((text) => Buffer.from(text)));
    await all;
    client.close();
    return { received, writes: writes.mock.calls.length };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const payloads = ['{"s":"BTCUSDT"}', `{"s":"ETHUSDT","pad":"${'x'.repeat(300)}"}`];

describe('sending a batch of frames to a WebSocket', () => {
  it('writes the whole batch in one write, which a WebSocket client reads as text messages in order', async () => {
    const { received, writes } = await sentThroughWs(payloads);
    expect(writes).toBe(1);
    expect(received).toEqual(payloads.map((p) => `text:${p}`));
  });

  it('frames payloads of every header size (7-bit, 16-bit and 64-bit lengths) as ws reads them', async () => {
    const sizes = [0, 125, 126, 65_535, 65_536, 70_000];
    const texts = sizes.map((n, i) => `${i}`.padEnd(n, 'x').slice(0, n));
    const { received } = await sentThroughWs(texts);
    expect(received).toEqual(texts.map((text) => `text:${text}`));
  });

  it('writes the very same Buffer to every client given the same batch', () => {
    const [a, b] = [fakeSocket(), fakeSocket()];
    const batch = payloads.map((p) => Buffer.from(p));
    batchSender(a.socket)(batch);
    batchSender(b.socket)(batch);
    expect(a.writes.mock.calls[0]![0]).toBe(b.writes.mock.calls[0]![0]);
  });

  it('goes through ws frame by frame when an extension was negotiated or the socket is not there', () => {
    for (const options of [{ extensions: 'permessage-deflate' }, { transport: false }]) {
      const { socket, writes, send } = fakeSocket(options);
      batchSender(socket)(payloads.map((p) => Buffer.from(p)));
      expect(writes).not.toHaveBeenCalled();
      expect(send.mock.calls.map(([frame, opts]) => [String(frame), opts])).toEqual(
        payloads.map((p) => [p, { binary: false }]),
      );
    }
  });
});
