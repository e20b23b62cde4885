/** Image bytes built by hand: headers real enough for byte sniffing, with the dimensions a test wants. */
import { crc32 } from 'node:zlib';

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
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from('789c626001000000ffff0300000600015c', 'hex')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function jpeg(width = 2, height = 2): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
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

/** An extended WebP (VP8X) header with the given canvas size. */
export function webp(width = 1, height = 1): Buffer {
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
