/** HTTP of POST /api-v2/question-answer/ (docs/product.md 7 "Chat and support"). Logged-in users only, like the support screen. */
import { errorBody } from '../../../shared/api/common.js';
import { faqAnswerResponse, questionBody } from '../../../shared/api/support.js';
import type { AppModule } from '../../context.js';
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
    handler: (req) => faq.answer(req.body.question),
  });
};
