import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { appTheme } from '../app/theme';
import { createQueryClient } from '../lib/query-client';

/** Renders with the app's providers; `env="test"` turns off Mantine transitions and portals. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={appTheme} env="test">
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper }) };
}
