/** Identity verification: the user's submission and status, and staff review (docs/product.md 3, 7 "Identity", "Admin"). */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from './common.js';
import { defineMessages } from '../message.js';

/** The server's own texts of identity verification that are not MSG's (each has a code: shared/message-codes.ts). */
export const IDENTITY_MSG = defineMessages('identity', {
  invalidForm: 'Invalid form',
} as const);

/** Text fields of the multipart submission. `user_id` is the ID number (prefilled with the user's unique id). */
export const verificationFields = z.object({
  full_name: z
    .string({ error: MSG.fullNameRequired })
    .trim()
    .min(1, { error: MSG.fullNameRequired })
    .max(100, { error: 'Full name must be at most 100 characters' }),
  user_id: z
    .string({ error: MSG.idNumberRequired })
    .trim()
    .min(1, { error: MSG.idNumberRequired })
    .max(64, { error: 'ID number must be at most 64 characters' }),
});
export type VerificationFields = z.infer<typeof verificationFields>;

/** The three image files of the submission, each required, with the message for a missing one. */
export const VERIFICATION_IMAGES = {
  id_card_front: MSG.idCardFrontRequired,
  id_card_back: MSG.idCardBackRequired,
  selfie: MSG.selfieRequired,
} as const;
export type VerificationImageField = keyof typeof VERIFICATION_IMAGES;
export const VERIFICATION_IMAGE_FIELDS = Object.keys(VERIFICATION_IMAGES) as VerificationImageField[];

const submissionStatus = z.enum(['pending', 'verified', 'rejected']);
export type SubmissionStatus = z.infer<typeof submissionStatus>;

/** 201 of POST /api-v1/documents-verification/ */
export const verificationSubmitted = z.object({ message: z.string(), verification_status: submissionStatus });
export type VerificationSubmitted = z.infer<typeof verificationSubmitted>;

/** GET /api-v1/documents-verification/: the latest submission (404 when none). */
export const verificationStatusResponse = z.object({
  is_verified: z.boolean(),
  verification_status: submissionStatus,
  rejection_reason: z.string().nullable(),
  full_name: z.string(),
  id_card_number: z.string(),
  created_at: z.string().optional(),
});
export type VerificationStatusResponse = z.infer<typeof verificationStatusResponse>;

/** GET /api-v3/admin/unverified-users-records/: submissions waiting for review, oldest first; [] when none. */
const unverifiedUser = z.object({
  user_id: z.number(),
  full_name: z.string(),
  user_uniqueid: z.string(),
  created_at: z.string().optional(),
  /** The submission's id, oldest first: the `after` cursor of the next page (docs/decisions/0020). */
  verification_id: z.number().optional(),
});
export const unverifiedUsersResponse = z.array(unverifiedUser);
export type UnverifiedUser = z.infer<typeof unverifiedUser>;

/** GET /api-v3/admin/user-verifications/{user_id}/: the user's latest submission, with signed image URLs. */
export const verificationDetails = z.object({
  full_name: z.string(),
  user_email: z.string(),
  user_uniqueid: z.string(),
  created_at: z.string(),
  id_card_front_url: z.string(),
  id_card_back_url: z.string(),
  selfie_url: z.string(),
  id_card_number: z.string().optional(),
  verification_status: submissionStatus.optional(),
  rejection_reason: z.string().nullable().optional(),
});
export type VerificationDetails = z.infer<typeof verificationDetails>;

export const userIdParams = z.object({ user_id: idParam });

/** PATCH /api-v3/admin/verify-user/{user_id}/: `unverified` rejects, with an optional reason shown to the user. */
export const verifyUserBody = z.object({
  status: z.enum(['verified', 'unverified'], { error: 'Status must be verified or unverified' }),
  reason: z
    .string()
    .trim()
    .max(500, { error: 'Reason must be at most 500 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type VerifyUserBody = z.infer<typeof verifyUserBody>;

export const verifyUserResponse = z.object({
  message: z.string(),
  user_id: z.number(),
  verification_status: submissionStatus,
});
export type VerifyUserResponse = z.infer<typeof verifyUserResponse>;
