import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DEFAULT_THEME, themeColorSchemeManager } from '../features/theme/color-scheme-manager';
import { readStyleNonce } from '../lib/style-nonce';
import { appTheme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={appTheme}
        defaultColorScheme={DEFAULT_THEME}
        colorSchemeManager={themeColorSchemeManager}
        getStyleNonce={readStyleNonce}
      >
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
