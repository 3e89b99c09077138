import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorResponse, jsonResponse, mockFetch } from '../test/fetch-mock';
import { apiRequest } from './api-client';
import { createQueryClient } from './query-client';
import { getSession, sessionQueryKey } from './session';

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

describe('the query client and what a refusal says', () => {
  const demoted = { ...admin, username: 'ada-now', is_team_leader: false };

  it('asks who the user is when a read is refused (their rights changed)', async () => {
    const { requests } = mockFetch({
      'GET /api/teams/x/members': () => errorResponse(403, 'FORBIDDEN', 'No'),
      'GET /api/auth/session': () => jsonResponse({ user: demoted }),
    });
    const queryClient = signedInClient();
    // The session as the shell holds it: observed, so a refresh fetches it.
    const session = new QueryObserver(queryClient, {
      queryKey: sessionQueryKey,
      queryFn: () => getSession(),
      staleTime: Infinity,
    });
    const unsubscribe = session.subscribe(() => {});

    await expect(
      queryClient.fetchQuery({
        queryKey: ['members'],
        queryFn: () => apiRequest('/api/teams/x/members', { schema: anything }),
      }),
    ).rejects.toThrow('No');

    await vi.waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toEqual(demoted));
    expect(requests.filter((request) => request.path === '/api/auth/session')).toHaveLength(1);
    unsubscribe();
  });

  it.each([
    [403, 'FORBIDDEN'],
    [404, 'EMPLOYEE_NOT_FOUND'],
  ])('refreshes what is on screen when a change is refused with %i', async (status, code) => {
    let listed = 0;
    mockFetch({
      'DELETE /api/employees/x': () => errorResponse(status, code, 'Refused'),
      'GET /api/employees': () => jsonResponse({ employees: [], total: ++listed }),
    });
    const queryClient = signedInClient();
    const list = new QueryObserver(queryClient, {
      queryKey: ['employees'],
      queryFn: () => apiRequest('/api/employees', { schema: anything }),
    });
    const unsubscribe = list.subscribe(() => {});
    await vi.waitFor(() => expect(listed).toBe(1));

    const remove = new MutationObserver(queryClient, {
      mutationFn: () => apiRequest('/api/employees/x', { method: 'DELETE', schema: anything }),
    });
    await expect(remove.mutate()).rejects.toThrow('Refused');

    await vi.waitFor(() => expect(listed).toBe(2));
    unsubscribe();
  });
});
