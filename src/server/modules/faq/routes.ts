/** HTTP of POST /api-v2/question-answer/ (docs/product.md 7 "Chat and support"). Logged-in users only, like the support screen. */
import { errorBody } from '../../../shared/api/common.js';
import {
  botConversationQuery,
  botConversationResponse,
  faqAnswerResponse,
  questionBody,
} from '../../../shared/api/support.js';
import type { AppModule } from '../../context.js';
import { currentUser } from '../../plugins/auth.js';
import { ensureFaqSeed } from './seed.js';
import { createFaqService } from './service.js';

export const faqModule: AppModule = async (app, ctx) => {
  // The knowledge base exists before the first question, in the app and in tests alike.
  await ensureFaqSeed(ctx.db);
  const faq = createFaqService(ctx);

  app.post('/api-v2/question-answer/', {
    onRequest: ctx.guard.requireUser,
    schema: {
      tags: ['support'],
      body: questionBody,
      response: { 200: faqAnswerResponse, 400: errorBody, 401: errorBody },
    },
    handler: (req) => faq.answer(currentUser(req).id, req.body.question),
  });

  // The chat desk shows what the user asked the bot before staff joined (docs/decisions/0064-staff-desk-and-language-fit.md).
  app.get('/api-v2/support/bot-conversation/', {
    // Staff only: a user's questions may say what they hold or fear; another user never reads them.
    onRequest: ctx.guard.requireAdmin,
    schema: {
      tags: ['support'],
      querystring: botConversationQuery,
      response: { 200: botConversationResponse, 400: errorBody, 401: errorBody, 403: errorBody },
    },
    handler: async (req) => ({ exchanges: await faq.exchanges(req.query.user_id) }),
  });
};
