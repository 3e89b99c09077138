// Starts the real server for the browser journeys on a brand-new data directory, so every
// run begins at the first-run page. Playwright builds the web app before calling this.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = path.join(os.tmpdir(), `switchboard-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  // Always the embedded database: the journeys start from an empty one.
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn' },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
