/**
 * A light HTTP/1.1 client for the load generators: one keep-alive socket, one request at a time
 * (no pipelining), later requests queued. It parses only the status line, Content-Length and
 * chunked framing, so thousands of simulated clients cost little CPU and the server stays the
 * thing being measured.
 */
import net from 'node:net';

export interface HttpResponse {
  status: number;
  body: Buffer;
  /** Milliseconds from writing the request to the last byte of the response. */
  ms: number;
}

interface Pending {
  head: Buffer;
  keepBody: boolean;
  resolve: (response: HttpResponse) => void;
  reject: (error: Error) => void;
  started: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

export class HttpConnection {
  private socket: net.Socket | null = null;
  private connected = false;
  private readonly queue: Pending[] = [];
  private current: Pending | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly timeoutMs = 10_000,
  ) {}

  /**
   * Sends a request. `headers` are extra header lines; `body` is sent as JSON. With `keepBody`
   * false the body is skipped (counted, not copied).
   */
  request(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string; keepBody?: boolean } = {},
  ): Promise<HttpResponse> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\nconnection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(options.headers ?? {})) head += `${name}: ${value}\r\n`;
    let payload: Buffer | null = null;
    if (options.body !== undefined) {
      payload = Buffer.from(options.body);
      head += `content-type: application/json\r\ncontent-length: ${payload.length}\r\n`;
    }
    head += '\r\n';
    const bytes = payload ? Buffer.concat([Buffer.from(head), payload]) : Buffer.from(head);
    return new Promise((resolve, reject) => {
      // Timed from the call, so waiting behind an earlier request of the same client counts.
      this.queue.push({
        head: bytes,
        keepBody: options.keepBody ?? false,
        resolve,
        reject,
        started: performance.now(),
      });
      this.pump();
    });
  }

  /** Requests waiting behind the one in flight. */
  get backlog(): number {
    return this.queue.length;
  }

  close(): void {
    this.closed = true;
    this.socket?.destroy();
    this.fail(new Error('connection closed'));
  }

  private ensureSocket(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket = socket;
    this.connected = false;
    socket.on('connect', () => {
      this.connected = true;
      this.pump();
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const lost = (error?: Error) => {
      if (this.socket !== socket) return;
      const wasConnected = this.connected;
      this.socket = null;
      this.connected = false;
      this.buffer = Buffer.alloc(0);
      // Could not connect at all: everything waiting fails (no retry loop against a closed port).
      if (!wasConnected) return this.fail(error ?? new Error('could not connect'));
      const inFlight = this.current;
      this.current = null;
      inFlight?.reject(error ?? new Error('connection lost'));
      if (!this.closed && this.queue.length > 0) this.pump();
    };
    socket.on('error', (error) => lost(error));
    socket.on('close', () => lost());
    socket.setTimeout(this.timeoutMs, () => socket.destroy(new Error('timeout')));
    return socket;
  }

  private pump(): void {
    if (this.current || this.queue.length === 0 || this.closed) return;
    const socket = this.ensureSocket();
    if (!this.connected) return;
    const next = this.queue.shift()!;
    this.current = next;
    socket.write(next.head);
  }

  private fail(error: Error): void {
    const inFlight = this.current;
    this.current = null;
    inFlight?.reject(error);
    for (const waiting of this.queue.splice(0)) waiting.reject(error);
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    while (this.current) {
      const parsed = parseResponse(this.buffer, this.current.keepBody);
      if (!parsed) return;
      const done = this.current;
      this.current = null;
      this.buffer = this.buffer.subarray(parsed.length);
      done.resolve({ status: parsed.status, body: parsed.body, ms: performance.now() - done.started });
      this.pump();
    }
  }
}

/** A complete response at the start of `buffer`, or null when more bytes are needed. */
function parseResponse(buffer: Buffer, keepBody: boolean): { status: number; body: Buffer; length: number } | null {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const bodyStart = headerEnd + 4;
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    if (buffer.length < end) return null;
    return { status, body: keepBody ? Buffer.from(buffer.subarray(bodyStart, end)) : EMPTY, length: end };
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const parts: Buffer[] = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf(CRLF, at);
      if (lineEnd < 0) return null;
      const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
      const dataStart = lineEnd + 2;
      if (size === 0) {
        const end = dataStart + 2;
        if (buffer.length < end) return null;
        return { status, body: keepBody ? Buffer.concat(parts) : EMPTY, length: end };
      }
      if (buffer.length < dataStart + size + 2) return null;
      if (keepBody) parts.push(buffer.subarray(dataStart, dataStart + size));
      at = dataStart + size + 2;
    }
  }
  // No body framing: only statuses without a body (204, 304) come that way from Fastify.
  return { status, body: EMPTY, length: bodyStart };
}

const EMPTY = Buffer.alloc(0);
