import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { precompress } from './scripts/precompress.mjs';

const apiServer = process.env.API_SERVER ?? 'http://localhost:3001';

/** The packages only the trend charts use: recharts, Mantine's charts and what they alone import. */
const CHART_LIBRARIES = String.raw`(recharts|@mantine[\\/]charts|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|eventemitter3|decimal\.js-light|victory-vendor|d3-[a-z-]+|internmap|tiny-invariant|use-sync-external-store|react-is|@standard-schema)`;

/** Where the server serves the sign-in entry (src/server/platform/web.ts does the same). */
const SIGN_IN_PAGE_PATHS = new Set(['/sign-in', '/sign-in/']);

/** The dev server answers /sign-in with sign-in.html, as the server does; every other page gets index.html. */
const signInPageInDev: Plugin = {
  name: 'switchboard:sign-in-page',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      const [pathname = '', query] = (request.url ?? '').split('?', 2);
      if (SIGN_IN_PAGE_PATHS.has(pathname)) {
        request.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
      }
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), signInPageInDev, precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    // Every browser the product serves preloads modules itself (Chromium, Firefox 115,
    // Safari 17): the polyfill would be bytes on every page for none of them.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      // Two pages: the app (router, React Query, both portals) and the sign-in
      // page, which a signed-out visitor loads with neither (src/web/sign-in).
      input: { app: 'index.html', 'sign-in': 'sign-in.html' },
      output: {
        // The app is split by route: the router loads each shell and page of the admin portal
        // and the agent softphone when first needed. Libraries are grouped so a page fetches a
        // few cacheable chunks, not dozens of small ones.
        codeSplitting: {
          groups: [
            // The Vapi SDK (with Daily) is loaded only when a vapi identity answers a call.
            { name: 'vapi', test: /[\\/]node_modules[\\/](@vapi-ai|@daily-co|events)[\\/]/ },
            // What both pages need first ($initial: statically imported by an entry): React, and
            // of the rest what the sign-in page uses (Mantine's core and the few components it
            // shows, zod/mini's core). One chunk for both pages, cached once. What only the app
            // needs first (React Router, React Query, classic zod) goes with the rest.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?!react-router[\\/]|@tanstack[\\/]|zod[\\/]v4[\\/](classic|locales)[\\/])/,
              tags: ['$initial'],
            },
            // Our own code that both pages run first (zod's settings, which must come before the
            // schemas here, the API client, the session and setup checks, the theme, the loader
            // and error card): one chunk rather than several.
            {
              name: 'common',
              test: /[\\/]src[\\/](shared[\\/](messages|schemas[\\/](errors|field-rules|sign-in|inbound-mode))|web[\\/](lib[\\/](api-client|page-navigation|session-user|style-nonce|zod-jitless)|components[\\/](full-page-loader|centered-card|form-alert|load-failed-card)|app[\\/](theme|theme-provider)|features[\\/]theme[\\/]color-scheme-manager))\.tsx?$/,
              tags: ['$initial'],
            },
            // Parts of the libraries only pages beyond the agent's dashboard use (the icons of the
            // admin portal, its lists and analytics; Mantine's Skeleton, ThemeIcon, Grid and
            // SimpleGrid, and the lists' pager, page size, switches, radio buttons and view
            // control): a chunk of their own, which the softphone's dashboard never downloads.
            // Should the dashboard come to use one, it would load this chunk: the web-app benchmark
            // shows it. The parts they share with the dashboard (Combobox, Box, hooks) stay where
            // they are rather than follow them here: nothing imports these leaves, so no chunk
            // cycle can form. So a component built on InlineInput or InputsGroupFieldset (Switch,
            // Radio) belongs here too: left in vendor-portal, it would import this chunk, which
            // imports vendor-portal back, and the app stops at start-up.
            {
              name: 'vendor-pages',
              test: /[\\/]node_modules[\\/](@tabler[\\/]icons-react[\\/].*[\\/]Icon(AlertTriangle|Arrow(Down|Left|Up)|ArrowsExchange|ArrowsSort|Broadcast|ChevronRight|Download|Edit|Headphones|HelpCircle|History|Plus|Refresh|Search|ShieldLock|Sort(Ascending|Descending)|StarFilled|Trash|User(Minus|Plus)|Users|UsersGroup|Volume|WaveSine)\.mjs$|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Skeleton|ThemeIcon|Grid|SimpleGrid|Pagination|NativeSelect|Switch|Radio|SegmentedControl|FloatingIndicator|List)|utils[\\/](InlineInput|InputsGroupFieldset))[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-pagination[\\/])/,
              includeDependenciesRecursively: false,
            },
            // The rest (React Router, React Query, more Mantine, classic zod, floating-ui…): the
            // app's first screen needs some, and both portals nearly all of it. Before the charts'
            // group, so what the charts share with the portals (Mantine's ColorSwatch) stays here.
            {
              name: 'vendor-portal',
              test: new RegExp(String.raw`[\\/]node_modules[\\/](?!${CHART_LIBRARIES}[\\/])`),
            },
            // The trend charts (Mantine charts on recharts and what only recharts uses): loaded
            // after an analytics view's figures, never with a portal's first screen.
            {
              name: 'vendor-charts',
              test: new RegExp(String.raw`[\\/]node_modules[\\/]${CHART_LIBRARIES}[\\/]`),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The Host header is kept (no changeOrigin) so the server's same-origin check passes.
      '/api': { target: apiServer, ws: true },
    },
  },
});
