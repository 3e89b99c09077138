/**
 * The real server (buildApp, as src/server/main.ts runs it) for the web-app benchmark, with
 * two differences: it serves the benchmark's own build (BENCH_WEB_BUILD_DIR), so dist/web is
 * never touched, and it first gives its empty data dir a tiny demo call centre, so '/sign-in'
 * shows the sign-in form (not the first-run page) and there are accounts to sign in with.
 * Those accounts are written to BENCH_ACCOUNTS_FILE before it listens.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/platform/database';
import { generateBenchData } from './data';

export interface WebServerAccounts {
  password: string;
  admin: string;
  agent: string;
}

function requiredEnv(name: string) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
}

async function main() {
  const webBuildDir = requiredEnv('BENCH_WEB_BUILD_DIR');
  const accountsFile = requiredEnv('BENCH_ACCOUNTS_FILE');
  const config = loadConfig();
  const database = await openConfiguredDatabase(config, 'bench web server');
  const summary = await generateBenchData(database.db, { teams: 1, agentsPerTeam: 1, days: 1 });
  const team = summary.teams[0]!;
  const accounts: WebServerAccounts = {
    password: summary.password,
    admin: team.leader,
    agent: team.agents[0]!,
  };
  writeFileSync(accountsFile, JSON.stringify(accounts));

  const app = await buildApp(config, database, { soleProcess: true, webBuildDir });
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
