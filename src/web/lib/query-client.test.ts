import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponse, mockFetch } from '../test/fetch-mock';
import { apiRequest } from './api-client';
import { createQueryClient } from './query-client';
import { sessionQueryKey } from './session';

const admin = {
  id: '0b7e7f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  email: null,
  username: 'ada',
  role: 'admin',
  is_super_admin: false,
  team: null,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
} as const;

function signedInClient() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey, admin);
  return queryClient;
}

const anything = z.unknown();

describe('the query client and an expired session', () => {
  it('signs the browser out when a query finds the session gone', async () => {
    mockFetch({
      'GET /api/teams': () => errorResponse(401, 'NOT_SIGNED_IN', 'User not authenticated'),
    });
    const queryClient = signedInClient();

    await expect(
      queryClient.fetchQuery({
        queryKey: ['teams'],
        queryFn: () => apiRequest('/api/teams', { schema: anything }),
      }),
    ).rejects.toThrow('User not authenticated');

    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('signs the browser out when a mutation finds the session gone', async () => {
    mockFetch({
      'POST /api/teams': () => errorResponse(401, 'NOT_SIGNED_IN', 'User not authenticated'),
    });
    const queryClient = signedInClient();
    const createTeam = new MutationObserver(queryClient, {
      mutationFn: () => apiRequest('/api/teams', { method: 'POST', schema: anything }),
    });

    await expect(createTeam.mutate()).rejects.toThrow('User not authenticated');

    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it.each([
    ['a wrong password at sign-in', 401, 'INVALID_CREDENTIALS', 'Invalid username or password'],
    ['a forbidden request', 403, 'FORBIDDEN', 'You are not allowed to do this'],
  ])('keeps the session after %s', async (_case, status, code, message) => {
    mockFetch({ 'POST /api/auth/sign-in': () => errorResponse(status, code, message) });
    const queryClient = signedInClient();
    const signIn = new MutationObserver(queryClient, {
      mutationFn: () => apiRequest('/api/auth/sign-in', { method: 'POST', schema: anything }),
    });

    await expect(signIn.mutate()).rejects.toThrow(message);

    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(admin);
  });
});
