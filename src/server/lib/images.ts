/**
 * Recognises an uploaded image by its bytes (never by its name or the client's content type) and
 * reads its dimensions from the header, so a decompression bomb is refused before anyone decodes it.
 * Then re-encodes it with sharp (libvips) in the same format without its metadata: no EXIF (GPS
 * location, camera serial), XMP or comments are ever stored (docs/security.md "Hygiene").
 */
import sharp from 'sharp';

type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

export interface ImageInfo {
  kind: ImageKind;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

/**
 * Beyond a phone photo or a scan that fits the 5 MB limit; anything larger is refused from its header,
 * before any decoding: a 10,000 x 10,000 JPEG of 586 KB took 16 s of libvips (docs/decisions/0048).
 */
const MAX_IMAGE_SIDE = 20_000;
const MAX_IMAGE_PIXELS = 25_000_000;

/**
 * Image work waits its turn: one image at a time per process, on one libvips thread. sharp runs on
 * libuv's thread pool (four threads), which scrypt password hashing and WebCrypto token checks share;
 * four images at once held all of it and a sign-in waited 44 s behind them (docs/decisions/0048).
 */
const IMAGE_JOBS_AT_ONCE = 1;
sharp.concurrency(1);
let imageJobsRunning = 0;
const imageJobsWaiting: (() => void)[] = [];

async function inImageQueue<T>(job: () => Promise<T>): Promise<T> {
  if (imageJobsRunning >= IMAGE_JOBS_AT_ONCE) await new Promise<void>((resolve) => imageJobsWaiting.push(resolve));
  else imageJobsRunning++;
  try {
    return await job();
  } finally {
    const next = imageJobsWaiting.shift();
    if (next) next();
    else imageJobsRunning--;
  }
}

const FORMATS: Record<ImageKind, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

export const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.values(FORMATS).map((f) => [f.extension, f.contentType]),
);

const ascii = (buf: Buffer, start: number, length: number) => buf.toString('latin1', start, start + length);

function pngSize(buf: Buffer): [number, number] | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(signature) || ascii(buf, 12, 4) !== 'IHDR') return null;
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

function gifSize(buf: Buffer): [number, number] | null {
  const header = ascii(buf, 0, 6);
  if (buf.length < 10 || (header !== 'GIF87a' && header !== 'GIF89a')) return null;
  return [buf.readUInt16LE(6), buf.readUInt16LE(8)];
}

function webpSize(buf: Buffer): [number, number] | null {
  if (buf.length < 30 || ascii(buf, 0, 4) !== 'RIFF' || ascii(buf, 8, 4) !== 'WEBP') return null;
  switch (ascii(buf, 12, 4)) {
    case 'VP8X':
      return [buf.readUIntLE(24, 3) + 1, buf.readUIntLE(27, 3) + 1];
    case 'VP8L': {
      if (buf[20] !== 0x2f) return null;
      const bits = buf.readUInt32LE(21);
      return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
    }
    case 'VP8 ':
      if (buf[23] !== 0x9d || buf[24] !== 0x01 || buf[25] !== 0x2a) return null;
      return [buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff];
    default:
      return null;
  }
}

/** Walks the JPEG segments up to the frame header (SOFn), which holds the dimensions. */
function jpegSize(buf: Buffer): [number, number] | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) return null;
  let offset = 2;
  while (offset + 4 <= buf.length) {
    if (buf[offset] !== 0xff) return null;
    const marker = buf[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RSTn, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // Start of scan or end of image before any frame header: not a usable image.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = buf.readUInt16BE(offset + 2);
    if (length < 2) return null;
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      if (offset + 9 > buf.length) return null;
      return [buf.readUInt16BE(offset + 7), buf.readUInt16BE(offset + 5)];
    }
    offset += 2 + length;
  }
  return null;
}

const READERS: [ImageKind, (buf: Buffer) => [number, number] | null][] = [
  ['jpeg', jpegSize],
  ['png', pngSize],
  ['webp', webpSize],
  ['gif', gifSize],
];

export type ImageCheck =
  | { ok: true; image: ImageInfo }
  | { ok: false; reason: 'not-an-image' | 'too-large-dimensions' };

/** What the bytes are, or why they are refused. */
export function inspectImage(buf: Buffer): ImageCheck {
  for (const [kind, read] of READERS) {
    const size = read(buf);
    if (!size) continue;
    const [width, height] = size;
    if (width <= 0 || height <= 0) return { ok: false, reason: 'not-an-image' };
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
      return { ok: false, reason: 'too-large-dimensions' };
    }
    return { ok: true, image: { kind, ...FORMATS[kind], width, height } };
  }
  return { ok: false, reason: 'not-an-image' };
}

/**
 * The image decoded and encoded again in its own format, turned upright by its EXIF orientation
 * first, with no metadata at all (sharp strips it unless asked to keep it). Null when the bytes do
 * not decode (a header over garbage). Animated GIF and WebP keep their frames.
 */
export async function reencodeImage(
  bytes: Buffer,
  image: ImageInfo,
): Promise<{ bytes: Buffer; image: ImageInfo } | null> {
  const animated = image.kind === 'gif' || image.kind === 'webp';
  let output: Buffer;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated }).autoOrient();
    const encoded =
      image.kind === 'jpeg'
        ? pipeline.jpeg({ quality: 90 })
        : image.kind === 'png'
          ? pipeline.png()
          : image.kind === 'webp'
            ? pipeline.webp({ quality: 90 })
            : pipeline.gif();
    output = await inImageQueue(() => encoded.toBuffer());
  } catch {
    return null;
  }
  const checked = inspectImage(output);
  return checked.ok ? { bytes: output, image: checked.image } : null;
}
