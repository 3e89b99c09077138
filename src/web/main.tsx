// First: zod builds no schema before it is told to skip its eval probe.
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { setupStatusQuery } from './features/setup/api/get-setup-status';
import { createQueryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';
import { readStyleNonce, shareStyleNonceWithScrollLock } from './lib/style-nonce';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

shareStyleNonceWithScrollLock(readStyleNonce());

const queryClient = createQueryClient();
// Every screen waits for these two answers: they are asked first, before the router asks for
// the page's code, whose many files would otherwise hold the browser's connections.
void queryClient.prefetchQuery(setupStatusQuery);
void queryClient.prefetchQuery(sessionQuery);
const router = createAppRouter(queryClient);

createRoot(rootElement).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
