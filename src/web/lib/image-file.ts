/**
 * The browser-side check of an image the user picks (identity documents, chat pictures): the
 * server's rules (docs/architecture.md section 6: JPEG, PNG, WebP or GIF, at most 5 MB) said before the upload,
 * so a wrong file is refused at once instead of after sending megabytes.
 */
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { MSG } from '../../shared/messages';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** For `<input type="file" accept>`: the picker offers only these. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why the file cannot be sent, or null when it may. The server checks the bytes again. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return MSG.fileTooLarge;
  return null;
}
