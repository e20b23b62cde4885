/** HTTP of docs/product.md 7 "Identity" (the user's submission and status) and the staff review under /api-v3/admin. */
import type { FastifyRequest } from 'fastify';
import {
  VERIFICATION_IMAGES,
  VERIFICATION_IMAGE_FIELDS,
  unverifiedUsersResponse,
  userIdParams,
  verificationDetails,
  verificationFields,
  verificationStatusResponse,
  verificationSubmitted,
  verifyUserBody,
  verifyUserResponse,
  type VerificationFields,
  IDENTITY_MSG,
} from '../../../shared/api/identity.js';
import { errorBody, staffQueueQuery } from '../../../shared/api/common.js';
import type { AppModule } from '../../context.js';
import { badRequest, schemaMessage } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { readImageForm } from '../../plugins/uploads.js';
import { createIdentityService, type VerificationImages } from './service.js';
import { msg, type Message } from '../../../shared/message.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** The submission form: every missing or bad field is named, in the order of the form. */
async function readSubmission(
  req: FastifyRequest,
): Promise<{ fields: VerificationFields; images: VerificationImages }> {
  const form = await readImageForm(req, { fields: ['full_name', 'user_id'], images: VERIFICATION_IMAGE_FIELDS });
  const problems: Record<string, Message> = {};
  const parsed = verificationFields.safeParse(form.fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= schemaMessage(issue);
  }
  for (const field of VERIFICATION_IMAGE_FIELDS) {
    if (!form.images[field]) problems[field] = schemaMessage(VERIFICATION_IMAGES[field]);
  }
  const first = Object.values(problems)[0];
  if (first || !parsed.success) throw badRequest(first ?? msg(IDENTITY_MSG, 'invalidForm'), problems);
  return { fields: parsed.data, images: form.images as VerificationImages };
}

export const identityModule: AppModule = (app, ctx) => {
  const identity = createIdentityService(ctx);
  const { requireUser, requireAdmin } = ctx.guard;
  const tags = ['identity'];

  app.post('/api-v1/documents-verification/', {
    onRequest: requireUser,
    config: perUserPerMinute(ctx.config.uploadRateLimit, 'allow'),
    schema: { tags, consumes: ['multipart/form-data'], response: { 201: verificationSubmitted, ...errors } },
    handler: async (req, reply) => {
      const { fields, images } = await readSubmission(req);
      return reply.status(201).send(await identity.submit(currentUser(req).id, fields, images));
    },
  });

  app.get('/api-v1/documents-verification/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: verificationStatusResponse, ...errors } },
    handler: (req) => identity.status(currentUser(req).id),
  });

  // docs/decisions/0043-languages.md: SPEC's listed basic-info call. The signed-in user's latest submission, the answer of
  // GET /api-v1/documents-verification/ (the same function); 404 when none. Never the images: they
  // reach staff only (signed URLs in the review).
  app.get('/api-v2/identity/basic-info/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: verificationStatusResponse, ...errors } },
    handler: (req) => identity.status(currentUser(req).id),
  });

  app.get('/api-v3/admin/unverified-users-records/', {
    onRequest: requireAdmin,
    // One page, oldest first; `after` the last verification_id seen gives the next (docs/decisions/0020).
    schema: { tags, querystring: staffQueueQuery, response: { 200: unverifiedUsersResponse, ...errors } },
    handler: (req) => identity.pending(req.query),
  });

  app.get('/api-v3/admin/user-verifications/:user_id/', {
    onRequest: requireAdmin,
    schema: { tags, params: userIdParams, response: { 200: verificationDetails, ...errors } },
    handler: (req) => identity.details(req.params.user_id),
  });

  app.patch('/api-v3/admin/verify-user/:user_id/', {
    onRequest: requireAdmin,
    schema: { tags, params: userIdParams, body: verifyUserBody, response: { 200: verifyUserResponse, ...errors } },
    handler: (req) => identity.decide(currentUser(req).id, req.params.user_id, req.body),
  });
};
