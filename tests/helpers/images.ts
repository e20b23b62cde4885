/**
 * Image bytes built by hand, with the dimensions a test wants. Up to REAL_PIXELS (JPEG: REAL_JPEG_PIXELS) they
 * are whole images a decoder accepts (uploads are re-encoded, lib/images.ts); beyond, only headers real
 * enough for byte sniffing (such images are refused by their dimensions before anything decodes them).
 */
import { crc32, deflateSync } from 'node:zlib';

const REAL_PIXELS = 20_000_000;
const real = (width: number, height: number, most = REAL_PIXELS) => width > 0 && height > 0 && width * height <= most;
/** A real grey JPEG costs two bits a block: 100 megapixels is a 390 KB file (the review's 586 KB bomb). */
const REAL_JPEG_PIXELS = 100_000_000;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function png(width = 1, height = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  // Rows of opaque teal pixels, each after its filter byte (0: none).
  const row = Buffer.concat([Buffer.from([0]), Buffer.from('1a8c8cff'.repeat(Math.max(width, 0)), 'hex')]);
  const idat = real(width, height)
    ? deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
    : Buffer.from('789c626001000000ffff0300000600015c', 'hex');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A grey baseline JPEG. Real ones use Huffman tables with one code each (DC difference 0, end of
 * block), so every 8x8 block is two 0 bits; others carry a token scan only.
 */
export function jpeg(width = 2, height = 2): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
  if (real(width, height, REAL_JPEG_PIXELS)) {
    const dqt = Buffer.concat([Buffer.from('ffdb004300', 'hex'), Buffer.alloc(64, 1)]);
    const sof0 = Buffer.alloc(13);
    sof0.set([0xff, 0xc0, 0x00, 0x0b, 0x08]);
    sof0.writeUInt16BE(height, 5);
    sof0.writeUInt16BE(width, 7);
    sof0.set([0x01, 0x01, 0x11, 0x00], 9); // one component, 1x1 sampling, table 0
    // DC table 0 and AC table 0: one 1-bit code each, for symbol 0 (DC: difference 0; AC: end of block).
    const table = (klass: number) =>
      Buffer.concat([
        Buffer.from([0xff, 0xc4, 0x00, 0x14, klass]),
        Buffer.from([1, ...Array(15).fill(0)]),
        Buffer.from([0]),
      ]);
    const sos = Buffer.from('ffda0008010100003f00', 'hex');
    const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
    const scan = Buffer.alloc(Math.ceil((blocks * 2) / 8));
    const usedBits = (blocks * 2) % 8;
    if (usedBits) scan[scan.length - 1] = 0xff >> usedBits; // padding with 1 bits
    return Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      app0,
      dqt,
      sof0,
      table(0x00),
      table(0x10),
      sos,
      scan,
      Buffer.from([0xff, 0xd9]),
    ]);
  }
  const sof0 = Buffer.alloc(19);
  sof0.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof0.writeUInt16BE(height, 5);
  sof0.writeUInt16BE(width, 7);
  sof0.set([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01], 9);
  const sos = Buffer.from('ffda000c03010002110311003f00d2cf20', 'hex');
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, sos, Buffer.from([0xff, 0xd9])]);
}

export function gif(width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'latin1');
  header.writeUInt16LE(width, 6);
  header.writeUInt16LE(height, 8);
  // One 1x1 image with a 2-entry colour table, then the trailer.
  header[10] = 0x80;
  const palette = Buffer.from('000000ffffff', 'hex');
  const image = Buffer.from('2c00000000010001000002024401003b', 'hex');
  return Buffer.concat([header, palette, image]);
}

/** Bits written least significant first, as VP8L wants them. */
function bitWriter() {
  const bytes: number[] = [];
  let used = 0;
  return {
    put(value: number, count: number) {
      for (let i = 0; i < count; i++) {
        if (used % 8 === 0) bytes.push(0);
        bytes[bytes.length - 1]! |= ((value >>> i) & 1) << (used % 8);
        used++;
      }
    },
    bytes: () => Buffer.from(bytes),
  };
}

/**
 * A lossless WebP (VP8L) of black opaque pixels when real: five prefix codes of one symbol each,
 * so the pixels take no bits at all. Otherwise an extended WebP (VP8X) header with that canvas size.
 */
export function webp(width = 1, height = 1): Buffer {
  if (real(width, height) && width <= 16_384 && height <= 16_384) {
    const bits = bitWriter();
    bits.put(0x2f, 8);
    bits.put(width - 1, 14);
    bits.put(height - 1, 14);
    bits.put(0, 1); // no alpha used
    bits.put(0, 3); // version 0
    bits.put(0, 1); // no transform
    bits.put(0, 1); // no colour cache
    bits.put(0, 1); // no meta prefix codes
    for (const symbol of [0, 0, 0, 255, 0]) {
      // green, red, blue, alpha, distance: a simple code of one symbol
      bits.put(1, 1);
      bits.put(0, 1);
      if (symbol < 2) {
        bits.put(0, 1);
        bits.put(symbol, 1);
      } else {
        bits.put(1, 1);
        bits.put(symbol, 8);
      }
    }
    let data = bits.bytes();
    if (data.length % 2) data = Buffer.concat([data, Buffer.from([0])]);
    const head = Buffer.alloc(20);
    head.write('RIFF', 0, 'latin1');
    head.writeUInt32LE(12 + data.length, 4);
    head.write('WEBPVP8L', 8, 'latin1');
    head.writeUInt32LE(bits.bytes().length, 16);
    return Buffer.concat([head, data]);
  }
  const buf = Buffer.alloc(30);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(22, 4);
  buf.write('WEBPVP8X', 8, 'latin1');
  buf.writeUInt32LE(10, 16);
  buf.writeUIntLE(width - 1, 24, 3);
  buf.writeUIntLE(height - 1, 27, 3);
  return buf;
}

/** Pad an image with trailing bytes up to `size` (viewers ignore data after the end marker). */
export function padTo(image: Buffer, size: number): Buffer {
  return Buffer.concat([image, Buffer.alloc(size - image.length, 0x41)]);
}

export const notAnImage = Buffer.from('<html><script>alert(document.cookie)</script></html>');
