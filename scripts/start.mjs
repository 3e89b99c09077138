// npm start: builds the web app and the server when a build is missing or older than its
// sources (scripts/builds.mjs), then runs the server (web + API on one port). SIGINT and
// SIGTERM pass through to the server, and this process exits with its status.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import {
  SERVER_ARGS,
  buildServer,
  failedBuild,
  buildWeb,
  isServerBuildCurrent,
  isWebBuildCurrent,
} from './builds.mjs';
import { onParentGone } from './parent-watch.mjs';

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
onParentGone(() => server.kill('SIGTERM'));
// A server killed by a signal exits as a shell reports it: 128 + the signal's number.
server.on('exit', (code, signal) => process.exit(code ?? 128 + constants.signals[signal]));
