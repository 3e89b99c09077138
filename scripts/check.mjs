// npm run check: the format check (Prettier), lint (ESLint), types (tsc) and the API description
// (Redocly's recommended rules on docs/openapi.json, see redocly.yaml), side by side —
// each mostly keeps one core busy, so with two cores or more the four end sooner than one
// after the other (CI has 20 minutes). Each one's output is printed whole, in this order, once
// it has ended; the check fails if any of them does.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const checks = [
  { name: 'format', command: 'prettier', args: ['--check', '.'] },
  { name: 'lint', command: 'eslint', args: ['.'] },
  { name: 'types', command: 'tsc', args: ['--noEmit'] },
  { name: 'api', command: 'redocly', args: ['lint', '--format=summary'] },
];

function run({ name, command, args }) {
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', command), args, {
      cwd: root,
      // Redocly would otherwise try to send usage data and look for updates.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const line = `${name}: ${[command, ...args].join(' ')}`;
    child.on('error', (error) => resolve({ line, code: 1, output: error.message }));
    child.on('close', (code, signal) =>
      resolve({ line, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }),
    );
  });
}

const results = await Promise.all(checks.map(run));
for (const { line, code, output } of results) {
  console.log(`== ${line} — ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
