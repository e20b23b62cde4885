/** multipart/form-data requests through `inject`, as a browser's FormData would send them. */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.js';

export interface FilePart {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

export type FormParts = Record<string, string | FilePart | undefined>;

export function multipartBody(parts: FormParts): { payload: Buffer; contentType: string } {
  const boundary = `----coinfront${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename ?? `${name}.png`}"\r\n` +
            `Content-Type: ${value.contentType ?? 'image/png'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST a multipart form; returns status and parsed body like `call`. */
export async function postForm<T = any>(
  t: TestApp,
  url: string,
  parts: FormParts,
  options: { token?: string } = {},
): Promise<{ status: number; body: T }> {
  const { payload, contentType } = multipartBody(parts);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    /* not JSON */
  }
  return { status: response.statusCode, body: body as T };
}

/** GET a file by URL (a signed /files/ path), raw. */
export async function fetchFile(t: TestApp, url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.rawPayload, headers: response.headers };
}
