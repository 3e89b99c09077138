import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Test files that mock a module (vi.mock): they need a module registry of their own. */
const ISOLATED = 'src/server/**/*.isolated.test.ts';

const serverFiles = {
  environment: 'node',
  globalSetup: ['src/server/test/global-setup.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
};

/**
 * Five projects: pure shared rules (and the bench's helpers), the server against a real
 * migrated database (PGlite in memory, or PostgreSQL when DATABASE_URL is set), the few server
 * files that mock a module, the queue simulation, and web components in jsdom.
 *
 * Speed: one worker per core (Vitest's default leaves one idle, and its main process mostly
 * waits), and the server and web files share their worker's modules instead of importing the
 * app again per file (`isolate: false`): each file still builds its own app on its own
 * database, and Testing Library unmounts after every test.
 */
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [ISOLATED],
          isolate: false,
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: [ISOLATED],
          ...serverFiles,
        },
      },
      {
        // The long simulation (`npm run test:simulation`): minutes of one queue on the fake
        // clock, checked against queueing theory; not part of `npm test`.
        test: {
          name: 'simulation',
          include: ['src/server/**/*.simulation.ts'],
          ...serverFiles,
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          isolate: false,
          environment: 'jsdom',
          // A page test renders Mantine in jsdom step by step: on a shared 2-core machine a
          // long one takes several seconds.
          testTimeout: 20_000,
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
