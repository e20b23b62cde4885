/** The browser's early word on a picked image: the server's types, and 5 MB (5242880 bytes) at most. */
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { imageFileProblem } from './image-file';

describe('imageFileProblem', () => {
  it('takes JPEG, PNG, WebP and GIF up to exactly 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(imageFileProblem({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
    expect(MAX_IMAGE_BYTES).toBe(5242880);
  });

  it("refuses one byte more with 'File size should not exceed 5MB'", () => {
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(MSG.fileTooLarge);
  });

  it('refuses what is not one of those images, even when it calls itself an image', () => {
    for (const type of ['application/pdf', 'text/html', 'image/svg+xml', 'image/heic', '']) {
      expect(imageFileProblem({ type, size: 10 })).toBe(MSG.notAnImage);
    }
  });
});
