/**
 * HTTP of withdrawal protection (docs/decisions/0024-withdrawal-protection.md) and the anti-phishing code (docs/security.md "## Withdrawal
 * protection and anti-phishing"): the address book, the whitelist switch, the anti-phishing code and
 * the Safety Center's status (whitelist, masked code, locks in force).
 */
import { z } from 'zod';
import { errorBody, idParam, messageBody } from '../../../shared/api/common.js';
import {
  antiPhishingCodeBody,
  securityStatus,
  withdrawalAddress,
  withdrawalAddressBody,
  withdrawalAddressList,
  withdrawalWhitelistBody,
} from '../../../shared/api/protection.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { createProtectionService } from './protection.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export const protectionModule: AppModule = (app, ctx) => {
  const protection = createProtectionService(ctx);
  const { requireUser } = ctx.guard;
  // Each of these checks a code: counted per user like the withdrawal itself.
  const limited = perUserPerMinute(ctx.config.authRateLimit);
  const tags = ['security'];

  app.get('/api-v1/withdrawal-addresses/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: withdrawalAddressList, 401: errorBody } },
    handler: (req) => protection.listAddresses(currentUser(req).id),
  });

  app.post('/api-v1/withdrawal-addresses/', {
    onRequest: requireUser,
    config: limited,
    schema: { tags, body: withdrawalAddressBody, response: { 201: withdrawalAddress, ...errors } },
    handler: async (req, reply) => reply.status(201).send(await protection.addAddress(currentUser(req).id, req.body)),
  });

  app.delete('/api-v1/withdrawal-addresses/:id/', {
    onRequest: requireUser,
    schema: { tags, params: z.object({ id: idParam }), response: { 200: messageBody, ...errors } },
    handler: (req) => protection.deleteAddress(currentUser(req).id, req.params.id),
  });

  app.put('/api-v1/withdrawal-whitelist/', {
    onRequest: requireUser,
    config: limited,
    schema: {
      tags,
      body: withdrawalWhitelistBody,
      response: { 200: z.object({ message: z.string(), whitelist_enabled: z.boolean() }), ...errors },
    },
    handler: (req) => protection.setWhitelist(currentUser(req).id, req.body),
  });

  app.put('/api-v1/anti-phishing-code/', {
    onRequest: requireUser,
    config: limited,
    schema: {
      tags,
      body: antiPhishingCodeBody,
      response: { 200: z.object({ message: z.string(), anti_phishing_code: z.string() }), ...errors },
    },
    handler: (req) => protection.setAntiPhishingCode(currentUser(req).id, req.body),
  });

  app.get('/api-v1/security/status/', {
    onRequest: requireUser,
    schema: { tags, response: { 200: securityStatus, 401: errorBody } },
    handler: (req) => protection.status(currentUser(req).id),
  });
};
