import type { z } from 'zod/mini';
import {
  type resetAnswerRequestSchema,
  resetAnswerResponseSchema,
} from '../../../../shared/schemas/sign-in';
import { apiRequest } from '../../../lib/api-client';

export type ResetAnswerRequest = z.infer<typeof resetAnswerRequestSchema>;

/** Step 2 of the reset: a right answer is exchanged for a short-lived reset token. */
export async function checkResetAnswer(request: ResetAnswerRequest) {
  const { resetToken } = await apiRequest('/api/auth/reset/answer', {
    method: 'POST',
    body: request,
    schema: resetAnswerResponseSchema,
  });
  return resetToken;
}
