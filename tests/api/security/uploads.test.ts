/**
 * Hostile uploads (OWASP ASVS 5 V5; API Top 10 API4) through both upload routes, the chat image and the
 * identity submission: files that are not what they claim, SVG with script, too big, images
 * whose header promises billions of pixels, crafted file names. Each is refused with a 400 that
 * names the field, and leaves nothing behind: no file stored, no message or submission recorded.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../../src/server/modules/chat/schema.js';
import { verifications } from '../../../src/server/modules/identity/schema.js';
import { MAX_IMAGE_BYTES } from '../../../src/shared/constants.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { gif, jpeg, notAnImage, padTo, png, webp } from '../../helpers/images.js';
import { fetchFile, postForm, type FilePart } from '../../helpers/multipart.js';
import { call, signUp, type TestUser } from '../../helpers/users.js';
import { identityForm } from './scene.js';

let t: TestApp;
let user: TestUser;
let sessionId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  sessionId = (await call(t, 'POST', '/api-v2/chats/', { token: user.token })).body.session_id;
});
afterAll(() => t.close());

const stored = () => {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads')).length;
  } catch {
    return 0;
  }
};
const rows = async () => ({
  messages: (await t.db.select({ n: count() }).from(chatMessages))[0]!.n,
  submissions: (await t.db.select({ n: count() }).from(verifications))[0]!.n,
});

/** The two ways a file reaches the server, and the field it travels in. */
const ROUTES = {
  chat: {
    field: 'image',
    send: (file: FilePart) =>
      postForm(t, '/api-v2/messages/', { session_id: sessionId, text: 'look', image: file }, { token: user.token }),
  },
  identity: {
    field: 'selfie',
    send: (file: FilePart) =>
      postForm(t, '/api-v1/documents-verification/', { ...identityForm(user), selfie: file }, { token: user.token }),
  },
} as const;

const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';
const pngZeroWidth = png(0, 10);

/** [what, file, the message the field gets] */
const HOSTILE: [string, FilePart, string][] = [
  // not what they claim
  ['HTML named .png', { data: notAnImage, filename: 'photo.png', contentType: 'image/png' }, MSG.notAnImage],
  [
    'a PDF',
    { data: Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\n'), filename: 'id.jpg', contentType: 'image/jpeg' },
    MSG.notAnImage,
  ],
  [
    'a Windows program',
    { data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]), filename: 'id.jpg' },
    MSG.notAnImage,
  ],
  [
    'a ZIP archive',
    { data: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100)]), filename: 'id.png' },
    MSG.notAnImage,
  ],
  [
    'a PHP script named .php.jpg',
    { data: Buffer.from('<?php system($_GET["c"]); ?>'), filename: 'shell.php.jpg', contentType: 'image/jpeg' },
    MSG.notAnImage,
  ],
  [
    'a BMP',
    { data: Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), filename: 'id.bmp', contentType: 'image/bmp' },
    MSG.notAnImage,
  ],
  [
    'a TIFF',
    { data: Buffer.concat([Buffer.from('II*\x00', 'latin1'), Buffer.alloc(60)]), filename: 'id.tif' },
    MSG.notAnImage,
  ],
  ['a PNG signature and nothing else', { data: png().subarray(0, 8) }, MSG.notAnImage],
  ['a PNG of zero width', { data: pngZeroWidth }, MSG.notAnImage],
  ['a JPEG with no frame', { data: Buffer.from('ffd8ffd9', 'hex'), filename: 'x.jpg' }, MSG.notAnImage],
  ['a GIF of 0 x 0', { data: gif(0, 0), filename: 'x.gif' }, MSG.notAnImage],
  ['a bare GIF signature', { data: Buffer.from('GIF89a'), filename: 'x.gif' }, MSG.notAnImage],
  // SVG can carry script
  ['an SVG with script', { data: Buffer.from(svg), filename: 'x.svg', contentType: 'image/svg+xml' }, MSG.notAnImage],
  [
    'an SVG with an XML prologue',
    { data: Buffer.from(`<?xml version="1.0"?>\n${svg}`), filename: 'x.png', contentType: 'image/png' },
    MSG.notAnImage,
  ],
  ['an SVG after a byte-order mark', { data: Buffer.from(`\ufeff${svg}`), filename: 'x.svg' }, MSG.notAnImage],
  ['a gzipped SVG', { data: gzipSync(svg), filename: 'x.svgz', contentType: 'image/svg+xml' }, MSG.notAnImage],
  // too big
  ['5 MB + 1 byte', { data: padTo(png(), MAX_IMAGE_BYTES + 1) }, MSG.fileTooLarge],
  ['12 MB', { data: padTo(jpeg(), 12 * 1024 * 1024), filename: 'x.jpg' }, MSG.fileTooLarge],
  // decompression bombs: a few bytes that decode to gigabytes
  ['a PNG of 50000 x 50000', { data: png(50_000, 50_000) }, MSG.imageDimensionsTooLarge],
  ['a PNG 20001 pixels wide', { data: png(20_001, 1) }, MSG.imageDimensionsTooLarge],
  ['a PNG of 10001 x 10001 (100 megapixels)', { data: png(10_001, 10_001) }, MSG.imageDimensionsTooLarge],
  ['a JPEG of 65535 x 65535', { data: jpeg(65_535, 65_535), filename: 'x.jpg' }, MSG.imageDimensionsTooLarge],
  ['a GIF of 65535 x 65535', { data: gif(65_535, 65_535), filename: 'x.gif' }, MSG.imageDimensionsTooLarge],
  ['a WebP of 16384 x 16384', { data: webp(16_384, 16_384), filename: 'x.webp' }, MSG.imageDimensionsTooLarge],
  ['a WebP of 2^24 x 2^24', { data: webp(2 ** 24, 2 ** 24), filename: 'x.webp' }, MSG.imageDimensionsTooLarge],
  // crafted file names (a browser sends a bare name)
  ['a file name with NUL', { data: png(), filename: 'photo\u0000.php' }, MSG.invalidFileName],
  ['a file name with control characters', { data: png(), filename: 'photo\u0007\u001b[31m.png' }, MSG.invalidFileName],
  ['a file name of 300 bytes', { data: png(), filename: `${'a'.repeat(296)}.png` }, MSG.invalidFileName],
  ['a file name of 200 emoji (800 bytes)', { data: png(), filename: `${'🦄'.repeat(200)}.png` }, MSG.invalidFileName],
];

describe.each(Object.entries(ROUTES))('hostile files through the %s upload', (_route, { field, send }) => {
  it.each(HOSTILE)('refuses %s, naming the field, and keeps nothing', async (_what, file, message) => {
    const before = { files: stored(), ...(await rows()) };
    const res = await send(file);
    expect(res).toMatchObject({ status: 400, body: { error: message, fields: { [field]: message } } });
    expect({ files: stored(), ...(await rows()) }).toEqual(before);
  });
});

describe('file names never reach the file system', () => {
  it.each([
    ['../../../etc/passwd.png'],
    ['..\\..\\windows\\win.ini.png'],
    ['/etc/cron.d/evil.png'],
    ['%2e%2e%2f%2e%2e%2fjwt-secret.png'],
    ['C:\\boot.ini.png'],
  ])(
    '%s: the directories are dropped by the parser or refused, and a stored file gets a random name',
    async (filename) => {
      const res = await ROUTES.chat.send({ data: png(), filename });
      if (res.status === 400) {
        expect(res.body.error).toBe(MSG.invalidFileName);
        return;
      }
      expect(res.status).toBe(201);
      expect(res.body.image_url).toMatch(/^\/files\/[0-9a-f]{32}\.png\?/);
      expect(JSON.stringify(res.body)).not.toMatch(/passwd|win\.ini|cron|boot|jwt-secret/);
    },
  );
});

describe('an image that is also something else', () => {
  it('is kept as the image it starts with and served as that image, never sniffed as HTML', async () => {
    const polyglot = Buffer.concat([gif(1, 1), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await ROUTES.chat.send({ data: polyglot, filename: 'page.html', contentType: 'text/html' });
    expect(res.status).toBe(201);
    const file = await fetchFile(t, res.body.image_url);
    expect(file.headers['content-type']).toBe('image/gif');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

afterAll(() => {
  console.log(
    `uploads: ${HOSTILE.length} hostile files x ${Object.keys(ROUTES).length} upload routes = ${HOSTILE.length * Object.keys(ROUTES).length} refused cases`,
  );
});
