import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type resetQuestionRequestSchema,
  resetQuestionResponseSchema,
} from '../../../../shared/schemas/auth';
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

export function useRequestResetQuestion() {
  return useMutation({ mutationFn: requestResetQuestion });
}
