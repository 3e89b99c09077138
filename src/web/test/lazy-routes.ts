import type { RouteObject } from 'react-router';

/**
 * Loads the code of every lazy route (the portals' shells and pages), as a browser that has
 * it cached would. Tests on fake timers call it first: their settle() moves the clock, not
 * module loading, so a route whose code is still loading would never show.
 */
export async function preloadLazyRoutes(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      await preloadLazyRoutes(route.children ?? []);
    }),
  );
}
