// Starts the real servers for the browser journeys, each on a brand-new data directory.
// Playwright builds the web app and the server (npm run build) before calling this: the
// servers run as npm start runs them, from dist/server.
// - E2E_PORT (3100): empty, so the sign-in journeys begin at the first-run page.
// - admin-server.json's port: already has a super admin, so the admin journeys need no
//   first run and don't depend on which spec file runs first.
// - its voiceServer.port: the same, with a vapi voice identity configured (the voice journey
//   closes the network, so the provider is never reached).
// - its shiftServer.port: the same, with short call timings (a whole shift's events in
//   minutes).
// - its scaleServer.port: a demo call centre of 2,000 agents (npm run demo), for the journeys
//   through the admin portal's lists at that size.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ARGS } from '../scripts/builds.mjs';

const port = process.env.E2E_PORT ?? '3100';
const adminServer = JSON.parse(readFileSync(new URL('./admin-server.json', import.meta.url)));

const servers = new Set();
let isStopping = false;

function dataDirFor(serverPort) {
  const dataDir = path.join(os.tmpdir(), `switchboard-e2e-${serverPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  return dataDir;
}

// Always the embedded database: the journeys start from an empty one.
const envFor = (serverPort, dataDir) => ({
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  PORT: String(serverPort),
  LOG_LEVEL: 'warn',
});

function stopAll(code) {
  isStopping = true;
  for (const child of servers) child.kill('SIGTERM');
  if (servers.size === 0) process.exit(code);
}

/** `node args`. */
function run(args, env, { isServer }) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env });
  servers.add(child);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      servers.delete(child);
      const exitCode = code ?? (signal ? 1 : 0);
      // A server that stops on its own ends the run: Playwright then reports it.
      if (isServer || exitCode !== 0) {
        if (!isStopping) stopAll(exitCode);
        else if (servers.size === 0) process.exit(exitCode);
      }
      resolve(exitCode);
    });
  });
}

const dataDir = dataDirFor(port);
const seededServers = [
  { port: adminServer.port, env: {} },
  {
    port: adminServer.voiceServer.port,
    env: { VOICE_IDENTITIES: JSON.stringify(adminServer.voiceServer.identities) },
  },
  adminServer.shiftServer,
].map((server) => ({ ...server, dataDir: dataDirFor(server.port) }));
const { scaleServer } = adminServer;
const scaleDataDir = dataDirFor(scaleServer.port);
process.on('exit', () => {
  for (const dir of [dataDir, scaleDataDir, ...seededServers.map((server) => server.dataDir)]) {
    rmSync(dir, { recursive: true, force: true });
  }
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

void run(SERVER_ARGS, envFor(port, dataDir), { isServer: true });

// The seeded servers: each one's super admin is created before it opens its data directory.
const { username, password } = adminServer.superAdmin;
for (const server of seededServers) {
  const env = { ...envFor(server.port, server.dataDir), ...server.env };
  const seeded = await run(
    [
      '--import',
      'tsx',
      'scripts/create-admin.ts',
      '--username',
      username,
      '--password',
      password,
      '--super',
    ],
    env,
    { isServer: false },
  );
  if (seeded !== 0 || isStopping) break;
  void run(SERVER_ARGS, env, { isServer: true });
}

// The scale server: its demo centre is generated before it opens its data directory.
if (!isStopping) {
  const env = envFor(scaleServer.port, scaleDataDir);
  const { teams, agents, days } = scaleServer;
  const demo = ['--teams', teams, '--agents', agents, '--days', days].map(String);
  const generated = await run(['--import', 'tsx', 'scripts/demo.ts', ...demo], env, {
    isServer: false,
  });
  if (generated === 0 && !isStopping) void run(SERVER_ARGS, env, { isServer: true });
}
