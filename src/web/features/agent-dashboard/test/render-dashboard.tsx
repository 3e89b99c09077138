import type { AgentState } from '../../../../shared/schemas/agent';
import { agentState } from '../../../test/agent-fixtures';
import { settle } from '../../../test/fake-clock';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { agentUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AgentDashboardPage } from '../components/agent-dashboard-page';

type Routes = Parameters<typeof mockFetch>[0];

/**
 * The dashboard on its own (no shell, no live socket), signed in as the agent 'dana', on the
 * fake clock (useFakeClock first): GET /api/agent/state answers `state`, the log is empty.
 */
export async function renderDashboard(state: AgentState = agentState(), routes: Routes = {}) {
  const served = mockFetch({
    'GET /api/agent/state': () => jsonResponse(state),
    'GET /api/agent/calls': () => jsonResponse({ calls: [] }),
    ...routes,
  });
  const rendered = renderWithProviders(<AgentDashboardPage />, {
    signedInAs: agentUser,
    withFakeTimers: true,
    userEvent: { delay: null },
  });
  await settle();
  return { ...served, ...rendered };
}

/** The requests sent with `method` to `path`, in order. */
export function sent(
  requests: ReturnType<typeof mockFetch>['requests'],
  method: string,
  path: string,
) {
  return requests.filter((request) => request.method === method && request.path === path);
}
