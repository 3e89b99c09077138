// npm start: builds the web app when the build is missing or older than its sources, then
// runs the server (web + API on one port). Signals pass through so Ctrl-C stops cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The two pages the build makes (the sign-in page is its own entry).
const builtPages = ['index.html', 'sign-in.html'].map((page) => path.join(root, 'dist/web', page));
const webSources = [
  'src/web',
  'src/shared',
  'public',
  'index.html',
  'sign-in.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(
  ...builtPages.map((page) => (existsSync(page) ? statSync(page).mtimeMs : 0)),
);
const sourcesAt = Math.max(...webSources.map((source) => newestChange(path.join(root, source))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
