/**
 * The user's own profile (docs/architecture.md "## Profile"): GET /api-v1/user/profile/ answers
 * exactly what GET /api-v1/info/ does, and POST /api-v1/user/update/ changes the first and last name,
 * nothing else. One schema for the server's check and the profile screen's form.
 */
import { z } from 'zod';
import { PROFILE_NAME_MAX } from '../constants.js';
import { PROFILE_MSG } from '../messages.js';
import { userInfo } from './auth.js';

/** The texts live in src/shared/messages.ts (no zod there, so the drawer's chunk stays small). */
export { PROFILE_MSG, PROFILE_NAME_MAX };

/**
 * Letters of any script (with their combining marks, e.g. Devanagari vowel signs), and single
 * separators between them: a space, a hyphen, an apostrophe (' or the typographic ’), or the middle
 * dot of Chinese and Japanese renderings of foreign names (· and ・). It starts and ends with a letter.
 */
const NAME_PATTERN = /^\p{L}\p{M}*(?:[ '’·・-]?\p{L}\p{M}*)*$/u;

/** Trimmed, runs of white space made one space, and Unicode NFC, so equal names are stored equally. */
const tidy = (value: string) => value.trim().replace(/\s+/gu, ' ').normalize('NFC');

const profileName = (which: 'first' | 'last') => {
  const msg =
    which === 'first'
      ? {
          required: PROFILE_MSG.firstNameRequired,
          long: PROFILE_MSG.firstNameTooLong,
          chars: PROFILE_MSG.firstNameCharacters,
        }
      : {
          required: PROFILE_MSG.lastNameRequired,
          long: PROFILE_MSG.lastNameTooLong,
          chars: PROFILE_MSG.lastNameCharacters,
        };
  return z
    .string({ error: msg.required })
    .transform(tidy)
    .pipe(
      z
        .string()
        .min(1, { error: msg.required })
        .refine((v) => [...v].length <= PROFILE_NAME_MAX, { error: msg.long, abort: true })
        .regex(NAME_PATTERN, { error: msg.chars }),
    );
};

/** POST /api-v1/user/update/: both names; any other key is a 400 naming it. */
export const profileUpdateBody = z.strictObject(
  { first_name: profileName('first'), last_name: profileName('last') },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? PROFILE_MSG.onlyNames(issue.keys)
        : issue.code === 'invalid_type'
          ? PROFILE_MSG.bodyNotObject
          : undefined,
  },
);
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** GET /api-v1/user/profile/: the fields of GET /api-v1/info/, the same schema. */
export const userProfile = userInfo;

/** 200 of POST /api-v1/user/update/: the updated profile (the fields of GET /api-v1/user/profile/) and a message. */
export const profileUpdated = userProfile.extend({ message: z.string() });
export type ProfileUpdated = z.infer<typeof profileUpdated>;
