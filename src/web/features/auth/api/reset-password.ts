import { type ResetPasswordInput, okResponseSchema } from '../../../../shared/schemas/sign-in';
import { apiRequest } from '../../../lib/api-client';

/** Step 3 of the reset: the new password, authorised by the token from step 2. */
export async function resetPassword(reset: ResetPasswordInput) {
  await apiRequest('/api/auth/reset/password', {
    method: 'POST',
    body: reset,
    schema: okResponseSchema,
  });
}
