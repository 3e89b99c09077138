import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INBOUND_SETTINGS, type InboundSettings } from '../../../../shared/schemas/queues';
import type { Team } from '../../../../shared/schemas/teams';
import { errorResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { nightShift, teamLeaderAdminUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { TeamInboundModal } from './team-inbound-modal';

const night: Team = {
  ...nightShift,
  description: null,
  created_by: 'ada',
  created_at: '2026-11-03T09:00:00.000Z',
  member_count: 3,
};
const url = `/api/teams/${night.id}/inbound`;

/**
 * The modal over a fake server that keeps the team's settings as they are changed, or refuses
 * a PUT with `refusal` when given one.
 */
function renderModal(
  initial: InboundSettings = DEFAULT_INBOUND_SETTINGS,
  refusal?: () => Response,
) {
  const settings: InboundSettings = { ...initial };
  const served = mockFetch({
    [`GET ${url}`]: () => jsonResponse(settings),
    [`PUT ${url}`]: (request) => {
      if (refusal) return refusal();
      Object.assign(settings, request.body);
      return jsonResponse(settings);
    },
  });
  const rendered = renderWithProviders(<TeamInboundModal team={night} onClose={() => {}} />, {
    signedInAs: teamLeaderAdminUser,
  });
  return { ...served, ...rendered };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const puts = (requests: { method: string; body: unknown }[]) =>
  requests.filter((r) => r.method === 'PUT').map((r) => r.body);

describe("a team's inbound settings", () => {
  it('shows the stored settings; in per-agent mode the queue fields are kept but off', async () => {
    renderModal();
    await screen.findByRole('dialog', { name: `Inbound calls: ${night.name}` });
    await screen.findByRole('form', { name: 'Inbound settings' });
    expect(screen.getByRole('radiogroup', { name: 'Inbound mode' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Per agent' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(field('Calls per hour').value).toBe('60');
    expect(field('Calls per hour').disabled).toBe(true);
    expect(field('Caller patience (seconds)').value).toBe('60');
    expect(field('Caller patience (seconds)').disabled).toBe(true);
    expect(field('Service-level threshold (seconds)').value).toBe('20');
    expect(field('Service-level target (%)').value).toBe('80');
    expect(
      screen.getByRole('textbox', {
        name: 'Caller patience (seconds)',
        description: 'Average wait before a caller hangs up; 0: never.',
      }),
    ).toBeTruthy();
  });

  it('switches to queue mode and saves every setting', async () => {
    const { user, requests } = renderModal();
    await screen.findByRole('form', { name: 'Inbound settings' });
    await user.click(screen.getByRole('radio', { name: 'Queue' }));
    expect(field('Calls per hour').disabled).toBe(false);
    await user.clear(field('Calls per hour'));
    await user.type(field('Calls per hour'), '90');
    await user.clear(field('Caller patience (seconds)'));
    await user.type(field('Caller patience (seconds)'), '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Inbound settings saved')).toBeTruthy();
    expect(puts(requests)).toEqual([
      {
        mode: 'queue',
        callsPerHour: 90,
        patienceSeconds: 45,
        serviceLevelSeconds: 20,
        serviceLevelTargetPercent: 80,
      },
    ]);
  });

  it('back to per agent: says waiting callers are still answered, keeps the queue fields', async () => {
    const { user, requests } = renderModal({
      ...DEFAULT_INBOUND_SETTINGS,
      mode: 'queue',
      callsPerHour: 120,
    });
    await screen.findByRole('form', { name: 'Inbound settings' });
    await user.click(screen.getByRole('radio', { name: 'Per agent' }));
    expect(screen.getByRole('status').textContent).toContain(
      'callers already waiting will still be answered',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Inbound settings saved; callers already waiting will still be answered',
      ),
    ).toBeTruthy();
    expect(puts(requests)).toEqual([
      { mode: 'per-agent', serviceLevelSeconds: 20, serviceLevelTargetPercent: 80 },
    ]);
    expect(field('Calls per hour').value).toBe('120');
  });

  it("the shared rule's words at the field, nothing sent: calls per hour 0", async () => {
    const { user, requests } = renderModal();
    await screen.findByRole('form', { name: 'Inbound settings' });
    await user.click(screen.getByRole('radio', { name: 'Queue' }));
    await user.clear(field('Calls per hour'));
    await user.type(field('Calls per hour'), '0');
    await user.clear(field('Service-level target (%)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen
        .getByRole('textbox', {
          name: 'Calls per hour',
          description: /Calls per hour must be more than 0/,
        })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      screen.getByRole('textbox', {
        name: 'Service-level target (%)',
        description: /Enter the target as a percentage/,
      }),
    ).toBeTruthy();
    expect(puts(requests)).toEqual([]);
  });

  it("the server's refusal shows at the field it names", async () => {
    const { user } = renderModal({ ...DEFAULT_INBOUND_SETTINGS, mode: 'queue' }, () =>
      errorResponse(400, 'VALIDATION_FAILED', 'The patience is too long for this team', {
        field: 'patienceSeconds',
      }),
    );
    await screen.findByRole('form', { name: 'Inbound settings' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('textbox', {
        name: 'Caller patience (seconds)',
        description: /The patience is too long for this team/,
      }),
    ).toBeTruthy();
    expect(field('Calls per hour').getAttribute('aria-invalid')).not.toBe('true');
  });
});
