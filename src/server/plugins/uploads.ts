/**
 * Reading multipart forms with image files, shared by identity and chat: every file is buffered
 * (at most 5 MB, cut off by @fastify/multipart), recognised by its bytes, and refused with a 400
 * naming its field when it is too big, not an image, or absurdly large once decoded; what is kept
 * is the image re-encoded without its metadata (lib/images.ts).
 */
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../shared/constants.js';
import { MSG, UPLOADS_MSG } from '../../shared/messages.js';
import { SERVER_MSG } from '../../shared/server-messages.js';
import { AppError, badRequest } from '../errors.js';
import { inspectImage, reencodeImage, type ImageInfo } from '../lib/images.js';
import { msg, type Message } from '../../shared/message.js';

export interface ImageUpload {
  field: string;
  bytes: Buffer;
  image: ImageInfo;
}

export interface ImageForm<F extends string, I extends string> {
  fields: Partial<Record<F, string>>;
  images: Partial<Record<I, ImageUpload>>;
}

export interface ImageFormSpec<F extends string, I extends string> {
  fields: readonly F[];
  images: readonly I[];
}

const fieldError = (field: string, message: Message) => badRequest(message, { [field]: message });

/**
 * A browser sends a bare file name. Path separators, control characters (NUL) or a name longer
 * than any file system allows mean a crafted request: refused, although the name is never used
 * (files are stored under random names).
 */
const MAX_FILE_NAME_BYTES = 255;
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_NAME = /[/\\\x00-\x1f\x7f]/;
const isSafeFileName = (name: string) =>
  !UNSAFE_FILE_NAME.test(name) && Buffer.byteLength(name) <= MAX_FILE_NAME_BYTES && name !== '.' && name !== '..';

/** Errors @fastify/multipart raises while parsing, turned into clear 400s. */
function multipartFailure(error: unknown): Error {
  const e = error as { code?: string; part?: { fieldname?: string } };
  switch (e.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fieldError(e.part?.fieldname ?? 'file', msg(MSG, 'fileTooLarge'));
    case 'FST_FILES_LIMIT':
      return badRequest(msg(MSG, 'tooManyFiles'));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(msg(MSG, 'tooManyFields'));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(msg(MSG, 'notMultipart'));
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(msg(MSG, 'malformedForm'));
    default:
      if (error instanceof AppError) return error;
      // The parser reports a broken body (no boundary, a part cut off, bad part headers) as a
      // plain Error: that is the client's form, not a server fault.
      return badRequest(msg(MSG, 'malformedForm'));
  }
}

/**
 * Read a multipart form: the named text fields (other text fields are ignored) and the named image
 * files (any other file is refused). Nothing is written to disk here; the caller decides, after its
 * own checks, whether to keep the images.
 */
export async function readImageForm<F extends string, I extends string>(
  request: FastifyRequest,
  spec: ImageFormSpec<F, I>,
): Promise<ImageForm<F, I>> {
  if (!request.isMultipart()) throw badRequest(msg(MSG, 'notMultipart'));
  const form: ImageForm<F, I> = { fields: {}, images: {} };
  const isField = (name: string): name is F => (spec.fields as readonly string[]).includes(name);
  const isImage = (name: string): name is I => (spec.images as readonly string[]).includes(name);
  try {
    for await (const part of request.parts({ limits: { files: spec.images.length } })) {
      if (part.type === 'field') {
        if (!isField(part.fieldname)) continue;
        if (part.valueTruncated) throw fieldError(part.fieldname, msg(MSG, 'fieldTooLong'));
        if (typeof part.value !== 'string') throw fieldError(part.fieldname, msg(MSG, 'malformedForm'));
        // PostgreSQL text cannot hold NUL (the JSON path refuses it in a hook; forms are read here).
        if (part.value.includes('\u0000')) throw fieldError(part.fieldname, msg(SERVER_MSG, 'nulCharacters'));
        form.fields[part.fieldname] = part.value;
        continue;
      }
      const field = part.fieldname;
      if (!isImage(field)) throw fieldError(field, msg(UPLOADS_MSG, 'unexpectedFile', field));
      if (form.images[field]) throw fieldError(field, msg(MSG, 'oneFilePerField'));
      if (!isSafeFileName(part.filename)) throw fieldError(field, msg(MSG, 'invalidFileName'));
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > MAX_IMAGE_BYTES) throw fieldError(field, msg(MSG, 'fileTooLarge'));
      // A browser sends an empty part for a file input left blank: that is a missing file.
      if (bytes.length === 0) continue;
      const checked = inspectImage(bytes);
      if (!checked.ok) {
        throw fieldError(
          field,
          checked.reason === 'not-an-image' ? msg(MSG, 'notAnImage') : msg(MSG, 'imageDimensionsTooLarge'),
        );
      }
      // Stored as re-encoded, without metadata (EXIF location and the like): lib/images.ts.
      const clean = await reencodeImage(bytes, checked.image);
      if (!clean) throw fieldError(field, msg(MSG, 'notAnImage'));
      if (clean.bytes.length > MAX_IMAGE_BYTES) throw fieldError(field, msg(MSG, 'fileTooLarge'));
      form.images[field] = { field, bytes: clean.bytes, image: clean.image };
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  return form;
}
