import { describe, expect, it } from 'vitest';
import { gif, jpeg, notAnImage, png, webp } from '../../../tests/helpers/images.js';
import { inspectImage } from './images.js';

describe('recognising images by their bytes', () => {
  it.each([
    ['jpeg', jpeg(640, 480), 'image/jpeg'],
    ['png', png(640, 480), 'image/png'],
    ['gif', gif(640, 480), 'image/gif'],
    ['webp', webp(640, 480), 'image/webp'],
  ])('reads a %s and its dimensions', (kind, bytes, contentType) => {
    expect(inspectImage(bytes)).toEqual({
      ok: true,
      image: expect.objectContaining({ kind, contentType, width: 640, height: 480 }),
    });
  });

  it('reads the dimensions of simple and lossless WebP too', () => {
    const lossy = Buffer.alloc(30);
    lossy.write('RIFF', 0, 'latin1');
    lossy.write('WEBPVP8 ', 8, 'latin1');
    lossy.set([0x9d, 0x01, 0x2a], 23);
    lossy.writeUInt16LE(320, 26);
    lossy.writeUInt16LE(200, 28);
    expect(inspectImage(lossy)).toMatchObject({ ok: true, image: { kind: 'webp', width: 320, height: 200 } });

    const lossless = Buffer.alloc(30);
    lossless.write('RIFF', 0, 'latin1');
    lossless.write('WEBPVP8L', 8, 'latin1');
    lossless[20] = 0x2f;
    lossless.writeUInt32LE((320 - 1) | ((200 - 1) << 14), 21);
    expect(inspectImage(lossless)).toMatchObject({ ok: true, image: { kind: 'webp', width: 320, height: 200 } });
  });

  it('refuses bytes that are no image, whatever they pretend', () => {
    expect(inspectImage(notAnImage)).toEqual({ ok: false, reason: 'not-an-image' });
    expect(
      inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toEqual({
      ok: false,
      reason: 'not-an-image',
    });
    expect(inspectImage(Buffer.alloc(0))).toEqual({ ok: false, reason: 'not-an-image' });
  });

  it('refuses a truncated header and a JPEG without a frame header', () => {
    expect(inspectImage(png().subarray(0, 20))).toEqual({ ok: false, reason: 'not-an-image' });
    expect(inspectImage(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'))).toEqual({
      ok: false,
      reason: 'not-an-image',
    });
  });

  it('refuses zero-sized images', () => {
    expect(inspectImage(png(0, 10))).toEqual({ ok: false, reason: 'not-an-image' });
  });

  it('refuses decompression bombs: a side over 20000 px or over 25 megapixels', () => {
    expect(inspectImage(png(20_001, 10))).toEqual({ ok: false, reason: 'too-large-dimensions' });
    expect(inspectImage(jpeg(10_001, 10_001))).toEqual({ ok: false, reason: 'too-large-dimensions' });
    expect(inspectImage(gif(65_535, 65_535))).toEqual({ ok: false, reason: 'too-large-dimensions' });
    expect(inspectImage(png(10_000, 10_000))).toEqual({ ok: false, reason: 'too-large-dimensions' });
    expect(inspectImage(png(5_000, 5_000))).toMatchObject({ ok: true });
    expect(inspectImage(png(5_000, 5_001))).toEqual({ ok: false, reason: 'too-large-dimensions' });
  });
});
