/**
 * Identity verification rules: one submission under review at a time, resubmission only after a
 * rejection, and staff decisions on pending submissions only, audited with the change.
 */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { StaffQueueQuery } from '../../../shared/api/common.js';
import type {
  SubmissionStatus,
  UnverifiedUser,
  VerificationDetails,
  VerificationFields,
  VerificationImageField,
  VerificationStatusResponse,
  VerificationSubmitted,
  VerifyUserBody,
  VerifyUserResponse,
} from '../../../shared/api/identity.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../../db/schema.js';
import { verifications } from './schema.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { identityDecided, mailNotifications, notify } from '../notifications/index.js';
import type { ImageUpload } from '../../plugins/uploads.js';
import { refuseDemo } from '../../lib/demo-guard.js';
import { DEMO_MSG } from '../../../shared/api/demo.js';
import { msg } from '../../../shared/message.js';

export type VerificationImages = Record<VerificationImageField, ImageUpload>;

async function latestSubmission(db: Queryable, userId: number) {
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.userId, userId))
    .orderBy(desc(verifications.id))
    .limit(1);
  return row;
}

function assertMaySubmit(latest: { status: SubmissionStatus } | undefined) {
  if (latest?.status === 'pending') throw conflict(msg(MSG, 'verificationUnderReview'));
  if (latest?.status === 'verified') throw conflict(msg(MSG, 'alreadyVerified'));
}

export function createIdentityService(ctx: Pick<AppContext, 'db' | 'clock' | 'files' | 'mailer' | 'log'>) {
  const { files } = ctx;

  return {
    async submit(
      userId: number,
      fields: VerificationFields,
      images: VerificationImages,
    ): Promise<VerificationSubmitted> {
      // A demo account is nobody's identity (docs/decisions/0063-demo-accounts.md).
      await refuseDemo(ctx.db, userId, msg(DEMO_MSG, 'noIdentity'));
      // Checked before writing any file; the one-pending index settles a race between two submissions.
      assertMaySubmit(await latestSubmission(ctx.db, userId));
      const stored: string[] = [];
      try {
        for (const upload of [images.id_card_front, images.id_card_back, images.selfie]) {
          stored.push(await files.save(upload.bytes, upload.image));
        }
        const [front, back, selfie] = stored as [string, string, string];
        await ctx.db.insert(verifications).values({
          userId,
          fullName: fields.full_name,
          idCardNumber: fields.user_id,
          idCardFront: front,
          idCardBack: back,
          selfie,
        });
      } catch (error) {
        await Promise.all(stored.map((name) => files.remove(name)));
        if (isUniqueViolation(error, 'verifications_one_pending_key'))
          throw conflict(msg(MSG, 'verificationUnderReview'));
        throw error;
      }
      return { message: MSG.verificationSubmitted, verification_status: 'pending' };
    },

    async status(userId: number): Promise<VerificationStatusResponse> {
      const latest = await latestSubmission(ctx.db, userId);
      if (!latest) throw notFound(msg(MSG, 'noVerificationSubmitted'));
      return {
        is_verified: latest.status === 'verified',
        verification_status: latest.status,
        rejection_reason: latest.status === 'rejected' ? latest.rejectionReason : null,
        full_name: latest.fullName,
        id_card_number: latest.idCardNumber,
        created_at: latest.createdAt.toISOString(),
      };
    },

    /**
     * Submissions waiting for review, oldest first (an empty list when there are none), one bounded
     * page at a time: those after the verification_id `after`, at most `limit` (docs/decisions/0020).
     */
    async pending(page: StaffQueueQuery): Promise<UnverifiedUser[]> {
      const conditions = [eq(verifications.status, 'pending')];
      if (page.after) conditions.push(gt(verifications.id, page.after));
      const rows = await ctx.db
        .select({
          id: verifications.id,
          userId: verifications.userId,
          fullName: verifications.fullName,
          uniqueid: users.uniqueid,
          createdAt: verifications.createdAt,
        })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(and(...conditions))
        .orderBy(asc(verifications.id))
        .limit(page.limit);
      return rows.map((r) => ({
        user_id: r.userId,
        full_name: r.fullName,
        user_uniqueid: r.uniqueid,
        created_at: r.createdAt.toISOString(),
        verification_id: r.id,
      }));
    },

    /** The user's latest submission with signed image URLs: for staff only. */
    async details(userId: number): Promise<VerificationDetails> {
      const [row] = await ctx.db
        .select({ v: verifications, email: users.email, uniqueid: users.uniqueid })
        .from(verifications)
        .innerJoin(users, eq(users.id, verifications.userId))
        .where(eq(verifications.userId, userId))
        .orderBy(desc(verifications.id))
        .limit(1);
      if (!row) throw notFound(msg(MSG, 'noVerificationDetails'));
      const { v } = row;
      return {
        full_name: v.fullName,
        user_email: row.email,
        user_uniqueid: row.uniqueid,
        created_at: v.createdAt.toISOString(),
        id_card_front_url: files.signedUrl(v.idCardFront),
        id_card_back_url: files.signedUrl(v.idCardBack),
        selfie_url: files.signedUrl(v.selfie),
        id_card_number: v.idCardNumber,
        verification_status: v.status,
        rejection_reason: v.rejectionReason,
      };
    },

    /** Verify or reject (docs/product.md sends a rejection as status `unverified`) the user's pending submission. */
    async decide(staffId: number, userId: number, decision: VerifyUserBody): Promise<VerifyUserResponse> {
      // Four eyes: a staff member's own identity is reviewed by someone else (docs/security.md).
      if (staffId === userId) throw forbidden(msg(MSG, 'cannotReviewOwnIdentity'));
      const status: SubmissionStatus = decision.status === 'verified' ? 'verified' : 'rejected';
      const rejectionReason = status === 'rejected' ? decision.reason : null;
      const answer = await ctx.db.transaction(async (tx) => {
        const [latest] = await tx
          .select()
          .from(verifications)
          .where(eq(verifications.userId, userId))
          .orderBy(desc(verifications.id))
          .limit(1)
          .for('update');
        if (!latest) throw notFound(msg(MSG, 'noVerificationDetails'));
        if (latest.status !== 'pending') throw conflict(msg(MSG, 'verificationAlreadyReviewed'));
        await tx
          .update(verifications)
          .set({ status, rejectionReason, reviewedBy: staffId, reviewedAt: ctx.clock.now() })
          .where(and(eq(verifications.id, latest.id), eq(verifications.status, 'pending')));
        await notify(tx, identityDecided(userId, status, rejectionReason));
        await recordAudit(tx, {
          actorId: staffId,
          action: status === 'verified' ? 'identity.verify' : 'identity.reject',
          targetType: 'verification',
          targetId: latest.id,
          before: { user_id: userId, status: latest.status },
          after: { user_id: userId, status, rejection_reason: rejectionReason },
        });
        return {
          message: status === 'verified' ? MSG.userVerified : MSG.userRejected,
          user_id: userId,
          verification_status: status,
        };
      });
      await mailNotifications(ctx, userId);
      return answer;
    },
  };
}
