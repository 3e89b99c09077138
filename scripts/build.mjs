// npm run build: the web app into dist/web and the server into dist/server (scripts/builds.mjs).
import path from 'node:path';
import { buildServer, buildWeb, failedBuild } from './builds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const status = buildWeb(root);
if (status !== 0) process.exit(status);
await buildServer(root).catch(failedBuild);
