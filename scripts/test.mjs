// npm test: every suite that needs no browser (Vitest: shared, server, web), then the
// browser suite (Playwright) when Chromium is installed. E2E_REQUIRED=1 (CI) makes a
// missing Chromium a failure instead of a loud skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Every Vitest project but the queue simulation, which runs for minutes on its own
// (`npm run test:simulation`).
run('npx', [
  'vitest',
  'run',
  ...['shared', 'server', 'server-isolated', 'web'].flatMap((name) => ['--project', name]),
]);

if (existsSync(chromium)) {
  run('npx', ['playwright', 'test']);
} else if (process.env.E2E_REQUIRED === '1') {
  console.error(`\nBrowser suite FAILED to run: Chromium not found at ${chromium}.`);
  console.error('Install it with `apt-get install -y chromium` (or set CHROMIUM_PATH).');
  process.exit(1);
} else {
  console.warn(`\n*** Browser suite SKIPPED: Chromium not found at ${chromium}. ***`);
  console.warn(
    '*** Install it with `apt-get install -y chromium` to run the Playwright journeys. ***\n',
  );
}
