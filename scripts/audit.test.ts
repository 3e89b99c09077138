import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'audit.mjs');
const fakeBin = mkdtempSync(path.join(tmpdir(), 'switchboard-audit-'));
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }));

/** Runs scripts/audit.mjs with an `npm` on PATH that answers `stdout` and exits `status`. */
function auditWith(stdout: string, status: number, stderr = '') {
  const answer = path.join(fakeBin, 'answer.json');
  writeFileSync(answer, stdout);
  writeFileSync(
    path.join(fakeBin, 'npm'),
    `#!/bin/sh\n[ "$1" = audit ] || exit 9\ncat '${answer}'\necho '${stderr}' >&2\nexit ${status}\n`,
  );
  chmodSync(path.join(fakeBin, 'npm'), 0o755);
  const run = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${fakeBin}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const report = (counts: Record<string, number>, vulnerabilities: object = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
    },
  });

describe('npm run audit', () => {
  it('passes without high or critical advisories', () => {
    const run = auditWith(report({ moderate: 2, low: 1 }), 0);
    expect(run.status).toBe(0);
    expect(run.output).toContain('no high or critical advisories');
  });

  it('fails on a high or critical advisory, naming the package', () => {
    const run = auditWith(
      report(
        { critical: 1 },
        {
          'some-lib': {
            name: 'some-lib',
            severity: 'critical',
            range: '<1.2.3',
            fixAvailable: true,
          },
        },
      ),
      1,
    );
    expect(run.status).toBe(1);
    expect(run.output).toContain('some-lib (critical, <1.2.3): a fix is available');
  });

  it("says it could not check when the registry refuses audits (405), and doesn't fail", () => {
    const run = auditWith(
      JSON.stringify({
        message:
          '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
        statusCode: 405,
        error: { summary: '', detail: '' },
      }),
      1,
    );
    expect(run.status).toBe(0);
    expect(run.output).toContain('could not check: 405 Method Not Allowed');
  });

  it('says it could not check when npm answers no report at all', () => {
    const run = auditWith('', 1, 'npm error network ENOTFOUND');
    expect(run.status).toBe(0);
    expect(run.output).toContain('could not check');
    expect(run.output).toContain('ENOTFOUND');
  });
});
