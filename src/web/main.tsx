// First: zod builds no schema before it is told to skip its eval probe.
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { readStyleNonce, shareStyleNonceWithScrollLock } from './lib/style-nonce';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

shareStyleNonceWithScrollLock(readStyleNonce());

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
