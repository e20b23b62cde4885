/**
 * The file store (docs/architecture.md section 6): images under DATA_DIR/uploads with random names, reachable
 * only through signed URLs that expire. Stateless apart from the folder, so every instance agrees.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from './clock.js';
import { CONTENT_TYPE_BY_EXTENSION, type ImageInfo } from './images.js';

/** A signed URL is good for 10 to 15 minutes (see `expiryOf`). */
const SIGNED_URL_TTL_S = 10 * 60;
/** Expiries are rounded up to this step, so a URL stays the same between polls and the browser can cache it. */
const EXPIRY_STEP_S = 5 * 60;

/** 128 random bits and our own extension: no user input ever reaches a path. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

export interface FileStoreOptions {
  dataDir: string;
  /** The app's secret; file signatures use a key derived from it, so they never double as tokens. */
  secret: Uint8Array;
  clock: Clock;
}

export type SignatureCheck =
  | { ok: true; name: string; contentType: string; expiresAt: number }
  | { ok: false; status: 403 | 404 };

export function createFileStore({ dataDir, secret, clock }: FileStoreOptions) {
  const dir = path.join(dataDir, 'uploads');
  const key = createHmac('sha256', secret).update('coinfront signed file urls v1').digest();
  const sign = (name: string, exp: number) => createHmac('sha256', key).update(`${name}\n${exp}`).digest('base64url');
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  return {
    /** Write the bytes under a new random name and return that name. */
    async save(bytes: Buffer, image: Pick<ImageInfo, 'extension'>): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
      return name;
    },

    /** Best effort: a file left behind is harmless (unreachable without a signature). */
    async remove(name: string): Promise<void> {
      if (!STORED_NAME.test(name)) return;
      await unlink(path.join(dir, name)).catch(() => {});
    },

    /** A relative URL that opens the file until it expires. Give it only to the file's owner and staff. */
    signedUrl(name: string): string {
      const exp = Math.ceil((nowSeconds() + SIGNED_URL_TTL_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      return `/files/${name}?exp=${exp}&sig=${sign(name, exp)}`;
    },

    /** Check a request for a file: a bad or expired signature is 403, a file that is not there 404. */
    async check(name: string, exp: string | undefined, sig: string | undefined): Promise<SignatureCheck> {
      if (!STORED_NAME.test(name)) return { ok: false, status: 404 };
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return { ok: false, status: 403 };
      const expected = Buffer.from(sign(name, Number(exp)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, status: 403 };
      if (Number(exp) < nowSeconds()) return { ok: false, status: 403 };
      const found = await stat(path.join(dir, name)).catch(() => null);
      if (!found?.isFile()) return { ok: false, status: 404 };
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return { ok: true, name, contentType: CONTENT_TYPE_BY_EXTENSION[extension]!, expiresAt: Number(exp) };
    },

    pathOf(name: string): string {
      if (!STORED_NAME.test(name)) throw new Error('not a stored file name');
      return path.join(dir, name);
    },

    nowSeconds,
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
