// npm run dev: Vite's dev server with hot reload on :5173 (it proxies /api to the server),
// and the server on :3001, restarted by tsx when its code changes. SIGINT and SIGTERM stop
// both, and this process exits once they have.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { onParentGone } from './parent-watch.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';

/**
 * A package's command-line script, run by node itself: through npx a shell would sit between
 * (sh -c), which dies of a SIGTERM without passing it on and leaves the command running.
 */
function run(script, args, env) {
  return spawn(process.execPath, [path.join(root, 'node_modules', script), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
}

const children = [
  run('tsx/dist/cli.mjs', ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    PORT: apiPort,
    HOST: '127.0.0.1',
  }),
  // 127.0.0.1, where the server listens: `localhost` may resolve to ::1 first.
  run('vite/bin/vite.js', [], { API_SERVER: `http://127.0.0.1:${apiPort}` }),
];

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;
let status;
/** Stops both (the first reason given is the exit status). */
function stopAll(code) {
  status ??= code;
  for (const child of children) if (!hasExited(child)) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
onParentGone(() => stopAll(0));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll(code ?? 1);
    if (children.every(hasExited)) process.exit(status);
  });
}
