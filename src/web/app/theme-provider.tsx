import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { DEFAULT_THEME, themeColorSchemeManager } from '../features/theme/color-scheme-manager';
import { readStyleNonce } from '../lib/style-nonce';
import { appTheme, cssVariablesResolver } from './theme';

/** Mantine with the app's theme, the stored colour scheme and the page's style nonce. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={appTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme={DEFAULT_THEME}
      colorSchemeManager={themeColorSchemeManager}
      getStyleNonce={readStyleNonce}
    >
      {children}
    </MantineProvider>
  );
}
