// npm run audit: `npm audit --omit=dev --audit-level=high` on what the server and the web app
// ship. Exits 1 when a production dependency has a high or critical advisory, listing them.
// When the registry cannot answer audits (a mirror or proxy that refuses the bulk-advisory
// endpoint with 405, no network, a timeout) it prints 'could not check: <reason>' and exits 0:
// the check is skipped, not passed, and says so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const TIMEOUT_MS = 120_000;
const FAILING = ['high', 'critical'];

function couldNotCheck(reason) {
  console.log(`npm audit: could not check: ${reason}`);
  process.exit(0);
}

const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  cwd: path.resolve(import.meta.dirname, '..'),
  encoding: 'utf8',
  timeout: TIMEOUT_MS,
  maxBuffer: 64 * 1024 * 1024,
});

if (result.error) {
  couldNotCheck(
    result.error.code === 'ETIMEDOUT'
      ? `npm audit did not answer within ${TIMEOUT_MS / 1000} s`
      : `npm audit could not run (${result.error.message})`,
  );
}

let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  const said = `${result.stderr ?? ''}`.trim().split('\n').at(-1) || 'no output';
  couldNotCheck(`npm audit did not answer with a report (${said})`);
}

const counts = report?.metadata?.vulnerabilities;
if (!counts || typeof counts !== 'object') {
  // npm's error shape: { message, statusCode, … } from the registry, or { error: { code,
  // summary } } when it could not reach it.
  const reason =
    report?.message ||
    [report?.error?.code, report?.error?.summary].filter(Boolean).join(' ') ||
    'the answer holds no vulnerability counts';
  couldNotCheck(reason);
}

const failing = Object.values(report.vulnerabilities ?? {}).filter((entry) =>
  FAILING.includes(entry?.severity),
);
const total = FAILING.reduce((sum, level) => sum + (Number(counts[level]) || 0), 0);
const summary = Object.entries(counts)
  .filter(([level]) => level !== 'total')
  .map(([level, count]) => `${count} ${level}`)
  .join(', ');

if (total > 0) {
  console.error(`npm audit: ${total} high or critical advisories in production dependencies:`);
  for (const entry of failing) {
    const fix = entry.fixAvailable ? 'a fix is available' : 'no fix yet';
    console.error(`  ${entry.name} (${entry.severity}, ${entry.range}): ${fix}`);
  }
  console.error('Run `npm audit --omit=dev` for the advisories.');
  process.exit(1);
}
console.log(`npm audit: no high or critical advisories in production dependencies (${summary})`);
