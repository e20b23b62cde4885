/**
 * GET /files/{name}: uploaded images behind signed, expiring URLs (docs/architecture.md section 6). The
 * signature is the permission (an <img> cannot send a bearer token), so only the owner's and
 * staff's answers ever carry one.
 */
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import type { AppModule } from '../../context.js';
import { AppError } from '../../errors.js';
import { msg } from '../../../shared/message.js';

export const filesModule: AppModule = (app, ctx) => {
  const { files } = ctx;

  app.get('/files/:name', {
    schema: {
      tags: ['files'],
      params: z.object({ name: z.string().max(64) }),
      querystring: z.object({ exp: z.string().max(16).optional(), sig: z.string().max(64).optional() }),
    },
    handler: async (req, reply) => {
      const checked = await files.check(req.params.name, req.query.exp, req.query.sig);
      if (!checked.ok)
        throw new AppError(
          checked.status,
          checked.status === 403 ? msg(MSG, 'fileLinkInvalid') : msg(MSG, 'fileNotFound'),
        );
      const maxAge = Math.max(0, checked.expiresAt - files.nowSeconds());
      return reply
        .type(checked.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .send(createReadStream(files.pathOf(checked.name)));
    },
  });
};
