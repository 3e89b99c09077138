import { describe, expect, it } from 'vitest';
import type { FloorAgent } from '../../../../shared/schemas/floor';
import { movesRows } from './floor-feed';

const nora: FloorAgent = {
  id: 'a1',
  username: 'nora',
  fullName: 'Nora North',
  teamId: 't1',
  teamName: 'North',
  status: 'available',
  since: '2026-03-02T14:58:55.000Z',
  isConnected: true,
  call: null,
};
const onBreak = { ...nora, status: 'break' as const, since: '2026-03-02T15:00:00.000Z' };
const onCall = {
  ...nora,
  call: {
    phase: 'active' as const,
    callType: 'inbound' as const,
    phoneNumber: '2125550100',
    since: '2026-03-02T15:00:00.000Z',
  },
};
const unsorted = { sort: undefined, status: undefined };
const by = (column: 'username' | 'status' | 'since' | 'call' | 'softphone') => ({
  sort: { column, descending: false },
  status: undefined,
});

describe('which pushed changes read the floor page again', () => {
  it.each([
    ['an agent joining the scope', undefined, nora, unsorted, true],
    ['an agent leaving it', nora, null, unsorted, true],
    ['a rename', nora, { ...nora, username: 'nora2' }, unsorted, true],
    ['a team renamed', nora, { ...nora, teamName: 'Far North' }, unsorted, true],
    ['a status change, by username', nora, onBreak, by('username'), false],
    ['a status change, by status', nora, onBreak, by('status'), true],
    ['a status change, by time in status', nora, onBreak, by('since'), true],
    [
      'a status change, filtered by status',
      nora,
      onBreak,
      { sort: undefined, status: 'available' as const },
      true,
    ],
    ['a call, by username', nora, onCall, unsorted, false],
    ['a call, by call duration', nora, onCall, by('call'), true],
    [
      'the softphone closing, by status',
      nora,
      { ...nora, isConnected: false },
      by('status'),
      false,
    ],
    [
      'the softphone closing, by softphone',
      nora,
      { ...nora, isConnected: false },
      by('softphone'),
      true,
    ],
  ])('%s', (_, before, after, params, expected) => {
    expect(movesRows(before, after, params)).toBe(expected);
  });
});
