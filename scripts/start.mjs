// npm start: builds the web app and the server when a build is missing or older than its
// sources (scripts/builds.mjs), then runs the server (web + API on one port). Signals pass
// through so Ctrl-C stops cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  SERVER_ARGS,
  buildServer,
  failedBuild,
  buildWeb,
  isServerBuildCurrent,
  isWebBuildCurrent,
} from './builds.mjs';

const root = path.resolve(import.meta.dirname, '..');

if (!isWebBuildCurrent(root)) {
  console.log('Building the web app…');
  const status = buildWeb(root);
  if (status !== 0) process.exit(status);
}
if (!isServerBuildCurrent(root)) {
  console.log('Building the server…');
  await buildServer(root).catch(failedBuild);
}

const server = spawn(process.execPath, SERVER_ARGS, {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
