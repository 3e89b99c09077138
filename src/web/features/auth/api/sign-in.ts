import { useMutation } from '@tanstack/react-query';
import { type SignInInput, sessionUserResponseSchema } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { useSetSessionUser } from '../../../lib/session';

export async function signIn(credentials: SignInInput) {
  const { user } = await apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body: credentials,
    schema: sessionUserResponseSchema,
  });
  return user;
}

export function useSignIn() {
  const setSessionUser = useSetSessionUser();
  return useMutation({ mutationFn: signIn, onSuccess: (user) => setSessionUser(user) });
}
