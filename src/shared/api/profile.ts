/**
 * The user's own profile (issue 19, docs/architecture.md "## Profile"): GET /api-v1/user/profile/ answers
 * exactly what GET /api-v1/info/ does, and POST /api-v1/user/update/ changes the first and last name,
 * nothing else. One schema for the server's check and the profile screen's form.
 */
import { z } from 'zod';
import { userInfo } from './auth.js';

/** A name is at most this many characters (Unicode code points, after trimming). */
export const PROFILE_NAME_MAX = 50;

/** The two fields a user may change; everything else of the profile is read only. */
export const PROFILE_FIELDS = ['first_name', 'last_name'] as const;

export const PROFILE_MSG = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  firstNameTooLong: `First name must be at most ${PROFILE_NAME_MAX} characters`,
  lastNameTooLong: `Last name must be at most ${PROFILE_NAME_MAX} characters`,
  firstNameCharacters: 'First name may contain only letters, spaces, hyphens and apostrophes',
  lastNameCharacters: 'Last name may contain only letters, spaces, hyphens and apostrophes',
  /** A body with any other key (email, balance...) is refused, so the client learns it is not writable. */
  onlyNames: (keys: readonly string[]) =>
    `Only first_name and last_name can be changed (not ${keys.map((k) => JSON.stringify(k)).join(', ')})`,
  bodyNotObject: 'Send first_name and last_name as a JSON object',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  fetchFailed: 'Failed to fetch profile',
} as const;

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
export type UserProfile = z.infer<typeof userProfile>;

/** 200 of POST /api-v1/user/update/: the updated profile (the fields of GET /api-v1/user/profile/) and a message. */
export const profileUpdated = userProfile.extend({ message: z.string() });
export type ProfileUpdated = z.infer<typeof profileUpdated>;
