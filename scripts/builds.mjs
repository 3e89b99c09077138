// The two builds `npm start` runs from: the web app (vite, into dist/web) and the
// server (esbuild, into dist/server: one module of the project's own code, the packages left
// to node_modules; started with plain node, it skips tsx's loader and per-file transpiling).
// Each is rebuilt when missing or older than its sources.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const SERVER_BUNDLE = 'dist/server/main.mjs';
/** node's arguments to run the server as npm start does: the bundle, stack traces in .ts lines. */
export const SERVER_ARGS = ['--enable-source-maps', SERVER_BUNDLE];

const web = {
  outputs: ['dist/web/index.html', 'dist/web/sign-in.html'],
  sources: [
    'src/web',
    'src/shared',
    'public',
    'index.html',
    'sign-in.html',
    'vite.config.ts',
    'scripts/precompress.mjs',
    'package-lock.json',
  ],
};
const server = {
  outputs: [SERVER_BUNDLE, 'dist/server/sql'],
  sources: ['src/server', 'src/shared', 'tsconfig.json', 'package-lock.json', 'scripts/builds.mjs'],
};
/** What the server's bundle is made from: a source edited later makes it stale. */
export const SERVER_SOURCES = server.sources;

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/**
 * Every output exists and none is older than the newest source. The server's build dates its
 * outputs from when it started reading: a source saved during that build leaves it stale.
 */
function isCurrent(root, { outputs, sources }) {
  const paths = outputs.map((output) => path.join(root, output));
  if (!paths.every((output) => existsSync(output))) return false;
  const sourcesAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  return paths.every((output) => statSync(output).mtimeMs >= sourcesAt);
}

export const isWebBuildCurrent = (root) => isCurrent(root, web);
export const isServerBuildCurrent = (root) => isCurrent(root, server);

/** vite build into dist/web; the exit code. */
export function buildWeb(root) {
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

/** A failed server build: esbuild has printed its errors; anything else is printed here. */
export function failedBuild(error) {
  if (!Array.isArray(error?.errors)) console.error(error);
  process.exit(1);
}

/** How the server is bundled: the project's modules in, the packages left to node_modules. */
export const serverBundling = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
};

/**
 * The database's SQL files (src/server/db/sql) into `outDir`/sql, where a bundle in `outDir`
 * reads them (db/sql-files.ts reads ./sql/ beside its module), replaced whole.
 */
export function copySqlFiles(root, outDir) {
  const sqlDir = path.join(outDir, 'sql');
  const partial = `${sqlDir}.${process.pid}.partial`;
  cpSync(path.join(root, 'src/server/db/sql'), partial, { recursive: true });
  rmSync(sqlDir, { recursive: true, force: true });
  renameSync(partial, sqlDir);
}

/**
 * src/server/main.ts and the project's modules it imports, as one ES module with a source map
 * (the server runs with --enable-source-maps: stack traces name the .ts lines), and beside it
 * the database's SQL files (src/server/db/sql), which the bundle reads from ./sql/ as the
 * source reads them from beside db/sql-files.ts. Each file is written beside and renamed into
 * place, the SQL files and the map first, so a server starting meanwhile never reads half a
 * file (one starting in the instant between the two may read the new SQL files with the old
 * bundle).
 */
export async function buildServer(root) {
  const outfile = path.join(root, SERVER_BUNDLE);
  const startedAt = new Date();
  // Loaded only to build: a start with a current build does without it.
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    ...serverBundling,
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile,
    write: false,
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  copySqlFiles(root, path.dirname(outfile));
  const isMap = (file) => file.path.endsWith('.map');
  for (const file of [...outputFiles.filter(isMap), ...outputFiles.filter((f) => !isMap(f))]) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    utimesSync(partial, startedAt, startedAt);
    renameSync(partial, file.path);
  }
}
