// First: zod builds no schema before it is told to skip its eval probe.
import '../lib/zod-jitless';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from '../app/theme-provider';
import { SignInApp } from './sign-in-app';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('sign-in.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <ThemeProvider>
      <SignInApp />
    </ThemeProvider>
  </StrictMode>,
);
