/**
 * A minimal WebSocket client (RFC 6455) for the fan-out load generator: handshake, one masked
 * text message out, and a frame parser that hands over each text payload without copying or
 * decoding it. Tens of thousands of frames a second must cost the generator little, or it, not
 * the server, is what the delay measures: sockets read into one shared buffer (net's `onread`, no
 * allocation and no stream machinery per read), and the receive time is taken once per read.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Every socket of the process reads into this one buffer. A read is handled completely before the
 * next one starts (the callback is synchronous); an unfinished frame is copied out.
 */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

export interface LightSocket {
  send(text: string): void;
  close(): void;
  /** Whether the connection has ended (the server closed it, or `close`). */
  readonly closed: boolean;
}

/**
 * Opens a connection to ws://host:port/path; `onText` gets each text frame's payload (a view that
 * is only valid during the call) and when its bytes were read (performance.now()).
 */
export function openLightSocket(
  host: string,
  port: number,
  path: string,
  onText: (payload: Buffer, receivedAt: number) => void,
): Promise<LightSocket> {
  return new Promise((resolve, reject) => {
    let upgraded = false;
    /** Bytes of an unfinished header or frame, copied out of the shared buffer. */
    let pending: Buffer | undefined;

    /** Hands over the complete frames in `data`; returns the unfinished rest, if any. */
    function frames(data: Buffer, receivedAt: number): Buffer | undefined {
      let at = 0;
      while (data.length - at >= 2) {
        const opcode = data[at]! & 0x0f;
        let length = data[at + 1]! & 0x7f;
        let start = at + 2;
        if (length === 126) {
          if (data.length - at < 4) break;
          length = data.readUInt16BE(at + 2);
          start = at + 4;
        } else if (length === 127) {
          if (data.length - at < 10) break;
          length = data.readUInt32BE(at + 6);
          start = at + 10;
        }
        if (data.length < start + length) break;
        if (opcode === 1) onText(data.subarray(start, start + length), receivedAt);
        at = start + length;
      }
      return at === data.length ? undefined : Buffer.from(data.subarray(at));
    }

    /** net's `onread` callback; false would pause the socket, so it always answers true. */
    function onRead(nread: number, buffer: Uint8Array): boolean {
      const receivedAt = performance.now();
      const chunk = Buffer.from(buffer.buffer, buffer.byteOffset, nread);
      let data = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = undefined;
      if (!upgraded) {
        const end = data.indexOf(HEADER_END);
        if (end < 0) {
          pending = Buffer.from(data);
          return true;
        }
        if (!data.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
          socket.destroy();
          reject(new Error(`no upgrade: ${data.toString('latin1', 0, 40)}`));
          return true;
        }
        upgraded = true;
        socket.setTimeout(0);
        data = data.subarray(end + 4);
        resolve(api);
      }
      pending = frames(data, receivedAt);
      return true;
    }

    const socket = net.connect({ host, port, noDelay: true, onread: { buffer: READ_BUFFER, callback: onRead } });
    const api: LightSocket = {
      send(text) {
        const payload = Buffer.from(text);
        const mask = randomBytes(4);
        const n = payload.length;
        const header = n < 126 ? Buffer.from([0x81, 0x80 | n]) : Buffer.from([0x81, 0x80 | 126, n >> 8, n & 0xff]);
        for (let i = 0; i < n; i++) payload[i]! ^= mask[i & 3]!;
        socket.write(Buffer.concat([header, mask, payload]));
      },
      close: () => socket.destroy(),
      get closed() {
        return socket.destroyed || socket.readableEnded;
      },
    };
    socket.setTimeout(30_000, () => socket.destroy(new Error('handshake timeout')));
    socket.once('error', (error) => {
      if (!upgraded) reject(error);
    });
    socket.on('connect', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\nupgrade: websocket\r\nconnection: Upgrade\r\n` +
          `sec-websocket-key: ${randomBytes(16).toString('base64')}\r\nsec-websocket-version: 13\r\n\r\n`,
      );
    });
  });
}
