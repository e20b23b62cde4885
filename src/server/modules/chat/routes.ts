/** HTTP of docs/product.md 7 "Chat and support": sessions, messages (multipart with an optional image), the staff desk. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../../../shared/api/common.js';
import {
  CHAT_IMAGE_FIELD,
  chatMessage,
  chatMessagesResponse,
  chatSessionDetails,
  chatSessionParams,
  chatSessionResponse,
  closeChatBody,
  closeChatResponse,
  latestMessagesQuery,
  latestMessagesResponse,
  messagesQuery,
  sendMessageFields,
  type SendMessageFields,
  SUPPORT_MSG,
} from '../../../shared/api/support.js';
import type { AppModule } from '../../context.js';
import { badRequest, schemaMessage } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { perUserPerMinute } from '../../plugins/rate-limits.js';
import { readImageForm, type ImageUpload } from '../../plugins/uploads.js';
import { createChatService } from './service.js';
import { registerChatStreams } from './streams.js';
import { msg, type Message } from '../../../shared/message.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** A message comes as multipart (docs/product.md, with an optional image) or as JSON (text only). */
async function readMessage(
  req: FastifyRequest,
): Promise<{ fields: SendMessageFields; image: ImageUpload | undefined }> {
  let raw: unknown = req.body;
  let image: ImageUpload | undefined;
  if (req.isMultipart()) {
    const form = await readImageForm(req, { fields: ['session_id', 'text'], images: [CHAT_IMAGE_FIELD] });
    raw = form.fields;
    image = form.images[CHAT_IMAGE_FIELD];
  }
  const parsed = sendMessageFields.safeParse(raw ?? {});
  if (!parsed.success) {
    const fields: Record<string, Message> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'body')] ??= schemaMessage(issue);
    throw badRequest(Object.values(fields)[0] ?? msg(SUPPORT_MSG, 'invalidMessage'), fields);
  }
  return { fields: parsed.data, image };
}

export const chatModule: AppModule = (app, ctx) => {
  const chat = createChatService(ctx);
  const stopStreams = registerChatStreams(ctx, chat);
  app.addHook('onClose', async () => stopStreams());
  const { requireUser, requireAdmin } = ctx.guard;
  const tags = ['support'];

  app.post('/api-v2/chats/', {
    onRequest: requireUser,
    schema: {
      tags,
      body: z.object({}).nullish(),
      response: { 200: chatSessionResponse, 201: chatSessionResponse, ...errors },
    },
    handler: async (req, reply) => {
      const { sessionId, created } = await chat.openSession(currentUser(req).id);
      return reply.status(created ? 201 : 200).send({ session_id: sessionId });
    },
  });

  app.get('/api-v2/chats/:session_id/', {
    onRequest: requireUser,
    schema: { tags, params: chatSessionParams, response: { 200: chatSessionDetails, ...errors } },
    handler: (req) => chat.session(currentUser(req), req.params.session_id),
  });

  app.get('/api-v2/messages/', {
    onRequest: requireUser,
    schema: { tags, querystring: messagesQuery, response: { 200: chatMessagesResponse, ...errors } },
    handler: (req) => chat.messages(currentUser(req), req.query),
  });

  app.post('/api-v2/messages/', {
    onRequest: requireUser,
    config: perUserPerMinute(ctx.config.chatRateLimit, 'allow'),
    schema: { tags, consumes: ['multipart/form-data', 'application/json'], response: { 201: chatMessage, ...errors } },
    handler: async (req, reply) => {
      const { fields, image } = await readMessage(req);
      return reply.status(201).send(await chat.send(currentUser(req), fields.session_id, fields.text, image));
    },
  });

  app.get('/api-v2/support/latest-messages/', {
    onRequest: requireAdmin,
    // One page, the most recently active first; `before` gives the next (docs/decisions/0020).
    schema: { tags, querystring: latestMessagesQuery, response: { 200: latestMessagesResponse, ...errors } },
    handler: (req) => chat.openChats(req.query),
  });

  app.post('/api-v2/close-chat/', {
    onRequest: requireAdmin,
    schema: { tags, body: closeChatBody, response: { 200: closeChatResponse, ...errors } },
    handler: (req) => chat.close(currentUser(req).id, req.body.session_id),
  });
};
