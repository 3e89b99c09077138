import { type SignInInput, sessionUserResponseSchema } from '../../../../shared/schemas/sign-in';
import { apiRequest } from '../../../lib/api-client';

export async function signIn(credentials: SignInInput) {
  const { user } = await apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body: credentials,
    schema: sessionUserResponseSchema,
  });
  return user;
}
