import type { z } from 'zod/mini';
import {
  type resetQuestionRequestSchema,
  resetQuestionResponseSchema,
} from '../../../../shared/schemas/sign-in';
import { apiRequest } from '../../../lib/api-client';

export type ResetQuestionRequest = z.infer<typeof resetQuestionRequestSchema>;

/** Step 1 of the reset: the account's security question. */
export async function requestResetQuestion(request: ResetQuestionRequest) {
  const { question } = await apiRequest('/api/auth/reset/question', {
    method: 'POST',
    body: request,
    schema: resetQuestionResponseSchema,
  });
  return question;
}
