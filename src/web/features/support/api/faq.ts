/** POST /api-v2/question-answer/: the FAQ bot's answers to a question (an empty list when it has none). */
import { faqAnswerResponse } from '../../../../shared/api/support';
import { api } from '../../../lib/api';

export const askQuestion = (question: string) =>
  api.post('/api-v2/question-answer/', { question }, { schema: faqAnswerResponse });
