import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type Options as UserEventOptions } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { appTheme } from '../app/theme';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryKey } from '../lib/session';
import type { SessionUser } from '../../shared/schemas/auth';

interface RenderOptions {
  /** The query client to render with (a router built with it shares its cache). */
  queryClient?: QueryClient;
  /** The signed-in user, as if GET /api/auth/session had answered already. */
  signedInAs?: SessionUser;
  /** Set when the test runs on fake timers, so typing and clicking advance them. */
  withFakeTimers?: boolean;
  userEvent?: UserEventOptions;
}

/** Renders with the app's providers; `env="test"` turns off Mantine transitions and portals. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  if (options.signedInAs) queryClient.setQueryData(sessionQueryKey, options.signedInAs);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={appTheme} env="test">
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup({
    ...(options.withFakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {}),
    ...options.userEvent,
  });
  return { user, queryClient, ...render(ui, { wrapper }) };
}
