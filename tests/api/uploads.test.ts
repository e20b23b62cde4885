/** The upload rules and signed file URLs (docs/architecture.md section 6), through a chat message with an image. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectImage } from '../../src/server/lib/images.js';
import { MAX_IMAGE_BYTES } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { gif, jpeg, notAnImage, padTo, png, webp } from '../helpers/images.js';
import { fetchFile, postForm, type FilePart } from '../helpers/multipart.js';
import { call, logIn, signUp, type TestUser } from '../helpers/users.js';

let t: TestApp;
let user: TestUser;
let sessionId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  sessionId = (await call(t, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id;
});
afterAll(() => t.close());

const sendImage = (image: FilePart, text = '', who: TestUser = user, session = sessionId) =>
  postForm(t, '/api-v2/messages/', { session_id: session, text, image }, { token: who.token });

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = () => {
  try {
    return readdirSync(uploadsDir());
  } catch {
    return [];
  }
};

describe('image work and the thread pool', () => {
  // libuv's thread pool and the two cores serve sharp, scrypt and WebCrypto alike: images held them
  // and a sign-in waited behind (docs/decisions/0048). Images now take their turn, one at a time.
  it('re-encodes one image at a time, and answers a sign-in sooner than one image takes, whatever is queued', async () => {
    const photo = png(4_000, 5_000); // 20 megapixels of work, a small file
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const oneImage = await timed(() => sendImage({ data: photo }));

    let mostAtOnce = 0;
    const watch = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, sharp.counters().process)), 5);
    const uploads = Array.from({ length: 12 }, () => sendImage({ data: photo }));
    // The uploads' bodies are read and their work queued before the sign-in starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const signIn = await timed(() => logIn(t, user.email, user.password));
    const answers = await Promise.all(uploads);
    clearInterval(watch);

    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(201));
    // Before: all twelve at once on libuv's pool and both cores, and a sign-in waited for the lot.
    expect(mostAtOnce).toBe(1);
    expect(signIn).toBeLessThan(oneImage);
  }, 120_000);
});

describe('which files are accepted', () => {
  it.each([
    ['JPEG', jpeg(), 'image/jpeg'],
    ['PNG', png(), 'image/png'],
    ['WebP', webp(), 'image/webp'],
    ['GIF', gif(), 'image/gif'],
  ])('takes a %s, recognised by its bytes, and serves it with its real type', async (_kind, bytes, contentType) => {
    // The name and the declared type lie; the bytes decide.
    const res = await sendImage({ data: bytes, filename: 'page.html', contentType: 'text/html' });
    expect(res.status).toBe(201);
    const file = await fetchFile(t, res.body.image_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(contentType);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    // Stored re-encoded (without metadata): the same kind of image, the same size.
    const sent = inspectImage(bytes);
    expect(sent.ok).toBe(true);
    expect(inspectImage(file.body)).toEqual(sent);
  });

  it('refuses bytes that are not an image even with an image name and content type, and stores nothing', async () => {
    const before = storedFiles().length;
    const res = await sendImage({ data: notAnImage, filename: 'selfie.png', contentType: 'image/png' }, 'look');
    expect(res).toMatchObject({ status: 400, body: { error: MSG.notAnImage, fields: { image: MSG.notAnImage } } });
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses an SVG, which could carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const res = await sendImage({ data: svg, filename: 'x.svg', contentType: 'image/svg+xml' });
    expect(res).toMatchObject({ status: 400, body: { fields: { image: MSG.notAnImage } } });
  });

  it('takes a file of exactly 5 MB', async () => {
    const res = await sendImage({ data: padTo(png(), MAX_IMAGE_BYTES) });
    expect(res.status).toBe(201);
  });

  it("refuses 5 MB + 1 byte with 'File size should not exceed 5MB' naming the field", async () => {
    const before = storedFiles().length;
    const res = await sendImage({ data: padTo(png(), MAX_IMAGE_BYTES + 1) }, 'big one');
    expect(res).toMatchObject({ status: 400, body: { error: MSG.fileTooLarge, fields: { image: MSG.fileTooLarge } } });
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses an image whose header claims absurd dimensions (a decompression bomb)', async () => {
    const res = await sendImage({ data: png(50_000, 50_000) });
    expect(res).toMatchObject({ status: 400, body: { fields: { image: MSG.imageDimensionsTooLarge } } });
  });

  it('refuses a real 10,000 x 10,000 JPEG (a few hundred KB, seconds of decoding) from its header, storing nothing', async () => {
    const bomb = jpeg(10_000, 10_000);
    expect(bomb.length).toBeLessThan(600_000);
    const before = storedFiles().length;
    const res = await sendImage({ data: bomb });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'app.imageDimensionsTooLarge', fields: { image: MSG.imageDimensionsTooLarge } },
    });
    expect(storedFiles()).toHaveLength(before);
  });

  it('refuses a file in a field that takes none', async () => {
    const extra = await postForm(
      t,
      '/api-v2/messages/',
      { session_id: sessionId, text: 'hi', avatar: { data: png() } },
      { token: user.token },
    );
    expect(extra.status).toBe(400);
    expect(extra.body.fields).toHaveProperty('avatar');
  });

  it('refuses a second image in the same field, and stores neither', async () => {
    // Two parts named "image" (FormParts is a record, so the form is put together here).
    const form = (images: Buffer[]) => {
      const boundary = '----coinfront-two-images';
      const part = (headers: string, data: Buffer | string) =>
        Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
      return t.app.inject({
        method: 'POST',
        url: '/api-v2/messages/',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${user.token}` },
        payload: Buffer.concat([
          part('Content-Disposition: form-data; name="session_id"', sessionId),
          part('Content-Disposition: form-data; name="text"', 'two'),
          ...images.map((data, i) =>
            part(`Content-Disposition: form-data; name="image"; filename="${i}.png"\r\nContent-Type: image/png`, data),
          ),
          Buffer.from(`--${boundary}--\r\n`),
        ]),
      });
    };
    const before = storedFiles().length;
    const two = await form([png(), jpeg()]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ error: MSG.tooManyFiles, code: 'app.tooManyFiles' });
    expect(storedFiles()).toHaveLength(before);
    // The same form with one image is fine: the second image is what was refused.
    expect((await form([png()])).statusCode).toBe(201);
    expect(storedFiles()).toHaveLength(before + 1);
  });

  it('stores under a random name of its own, never the uploaded file name', async () => {
    const res = await sendImage({ data: png(), filename: '..%2F..%2Fetc%2Fpasswd.png' });
    expect(res.status).toBe(201);
    const name = (res.body.image_url as string).match(/^\/files\/([^?]+)\?/)![1]!;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(storedFiles()).toContain(name);
  });
});

describe('metadata', () => {
  it('a JPEG carrying its EXIF GPS location is stored re-encoded without any metadata', async () => {
    const located = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#33aa77' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'Tracker 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2960/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 780/100',
        },
      })
      .toBuffer();
    // The file sent does carry a location.
    expect((await sharp(located).metadata()).exif).toBeDefined();
    expect(located.includes('SpyCam')).toBe(true);

    const res = await sendImage({ data: located, filename: 'holiday.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    const name = (res.body.image_url as string).match(/^\/files\/([^?]+)\?/)![1]!;
    const stored = readFileSync(path.join(uploadsDir(), name));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes('SpyCam')).toBe(false);
    // What is served is what is stored.
    expect(Buffer.compare((await fetchFile(t, res.body.image_url)).body, stored)).toBe(0);
  });

  it('turns a photo upright by its EXIF orientation before dropping it', async () => {
    const sideways = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#000000' } })
      .jpeg()
      .withMetadata({ orientation: 6 }) // "rotate 90 degrees to view"
      .toBuffer();
    const res = await sendImage({ data: sideways, filename: 'tilted.jpg' });
    expect(res.status).toBe(201);
    const name = (res.body.image_url as string).match(/^\/files\/([^?]+)\?/)![1]!;
    const metadata = await sharp(readFileSync(path.join(uploadsDir(), name))).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 60 });
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses bytes with an image header that do not decode, and stores nothing', async () => {
    const before = storedFiles().length;
    const broken = Buffer.concat([jpeg(50_000, 1).subarray(0, 40)]);
    const res = await sendImage({ data: broken, filename: 'x.jpg' });
    expect(res).toMatchObject({ status: 400, body: { error: MSG.notAnImage } });
    expect(storedFiles()).toHaveLength(before);
  });
});

describe('signed URLs', () => {
  let url: string;
  beforeAll(async () => {
    url = (await sendImage({ data: jpeg() })).body.image_url;
  });

  const parts = (u: string) => {
    const parsed = new URL(u, 'http://x');
    return {
      name: parsed.pathname.slice('/files/'.length),
      exp: parsed.searchParams.get('exp')!,
      sig: parsed.searchParams.get('sig')!,
    };
  };

  it('are relative /files/ paths with an expiry 10 to 15 minutes ahead', () => {
    const { exp } = parts(url);
    const inSeconds = Number(exp) - Math.floor(t.clock.now().getTime() / 1000);
    expect(url).toMatch(/^\/files\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=[\w-]+$/);
    expect(inSeconds).toBeGreaterThanOrEqual(10 * 60 - 1);
    expect(inSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('stop working once expired', async () => {
    expect((await fetchFile(t, url)).status).toBe(200);
    t.clock.advance(16 * 60 * 1000);
    try {
      const res = await fetchFile(t, url);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body.toString())).toEqual({ error: MSG.fileLinkInvalid, code: 'app.fileLinkInvalid' });
    } finally {
      t.clock.advance(-16 * 60 * 1000);
    }
  });

  it('refuse a tampered signature, a pushed-back expiry, another file name and a missing signature', async () => {
    const { name, exp, sig } = parts(url);
    const other = (await sendImage({ data: png() })).body.image_url as string;
    const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
    expect((await fetchFile(t, `/files/${name}?exp=${exp}&sig=${flipped}`)).status).toBe(403);
    expect((await fetchFile(t, `/files/${name}?exp=${Number(exp) + 86_400}&sig=${sig}`)).status).toBe(403);
    expect((await fetchFile(t, `/files/${parts(other).name}?exp=${exp}&sig=${sig}`)).status).toBe(403);
    expect((await fetchFile(t, `/files/${name}?exp=${exp}`)).status).toBe(403);
    expect((await fetchFile(t, `/files/${name}`)).status).toBe(403);
  });

  it('never serve a path outside the store', async () => {
    const { exp, sig } = parts(url);
    expect((await fetchFile(t, `/files/..%2Fjwt-secret?exp=${exp}&sig=${sig}`)).status).toBe(404);
    expect((await fetchFile(t, `/files/${'0'.repeat(32)}.txt?exp=${exp}&sig=${sig}`)).status).toBe(404);
  });

  it('answer 404 for a validly signed file that is gone', async () => {
    const res = await sendImage({ data: png() });
    const { name } = parts(res.body.image_url);
    const { unlinkSync } = await import('node:fs');
    unlinkSync(path.join(uploadsDir(), name));
    expect((await fetchFile(t, res.body.image_url)).status).toBe(404);
  });
});
