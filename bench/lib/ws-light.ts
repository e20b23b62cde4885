/**
 * A minimal WebSocket client (RFC 6455) for the fan-out load generator: handshake, one masked
 * text message out, and a frame parser that hands over each text payload without copying or
 * decoding it. Tens of thousands of frames a second must cost the generator little, or it, not
 * the server, is what the delay measures.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

export interface LightSocket {
  send(text: string): void;
  close(): void;
}

/** Opens a connection to ws://host:port/path; `onText` gets each text frame's payload (a view into the receive buffer). */
export function openLightSocket(
  host: string,
  port: number,
  path: string,
  onText: (payload: Buffer) => void,
): Promise<LightSocket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    let upgraded = false;
    let buffer: Buffer = Buffer.alloc(0);
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
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (!upgraded) {
        const end = buffer.indexOf(HEADER_END);
        if (end < 0) return;
        if (!buffer.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
          socket.destroy();
          return reject(new Error(`no upgrade: ${buffer.toString('latin1', 0, 40)}`));
        }
        upgraded = true;
        socket.setTimeout(0);
        buffer = buffer.subarray(end + 4);
        resolve(api);
      }
      let at = 0;
      while (buffer.length - at >= 2) {
        const opcode = buffer[at]! & 0x0f;
        let length = buffer[at + 1]! & 0x7f;
        let start = at + 2;
        if (length === 126) {
          if (buffer.length - at < 4) break;
          length = buffer.readUInt16BE(at + 2);
          start = at + 4;
        } else if (length === 127) {
          if (buffer.length - at < 10) break;
          length = buffer.readUInt32BE(at + 6);
          start = at + 10;
        }
        if (buffer.length < start + length) break;
        if (opcode === 1) onText(buffer.subarray(start, start + length));
        at = start + length;
      }
      buffer = at === buffer.length ? Buffer.alloc(0) : buffer.subarray(at);
    });
  });
}
