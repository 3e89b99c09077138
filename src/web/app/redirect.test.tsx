import { screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { Redirect } from './redirect';
import { RouteError } from './route-error';

describe('a redirect', () => {
  it('shows the loader, not a blank page, while the destination loads its code', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Redirect to="/portal" replace /> },
      // A lazy route whose code never arrives.
      { path: '/portal', lazy: () => new Promise<never>(() => {}) },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/portal'));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leaves for the destination once it is ready', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Redirect to="/portal" replace /> },
      { path: '/portal', lazy: async () => ({ Component: () => <h1>Portal</h1> }) },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Portal' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('offers to try again when the code of the destination cannot be loaded', async () => {
    const router = createMemoryRouter([
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <Redirect to="/portal" replace /> },
          {
            path: '/portal',
            lazy: () =>
              Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
          },
        ],
      },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('An unexpected error occurred')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
