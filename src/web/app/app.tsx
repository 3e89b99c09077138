import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import type { AppRouter } from './router';

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
