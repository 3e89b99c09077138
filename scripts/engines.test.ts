import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** The oldest release of each Node line `engines.node` admits (20.19.0, 22.13.0, …). */
function oldestOfEachLine(range: string) {
  return new semver.Range(range).set.map((comparators) => {
    const oldest = semver.minVersion(comparators.map((c) => c.value).join(' '));
    if (!oldest) throw new Error(`engines.node has a line with no version: ${range}`);
    return oldest.version;
  });
}

describe('the Node versions package.json promises', () => {
  const supported: string = readJson('package.json').engines.node;

  it('include the machines’ Node 20 and the current LTS', () => {
    expect(semver.satisfies('20.19.0', supported)).toBe(true);
    expect(semver.satisfies('24.0.0', supported)).toBe(true);
    expect(semver.satisfies('19.9.0', supported)).toBe(false);
  });

  it('are accepted by every installed package, so npm install warns of no engine', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusals = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!where || !wanted) continue;
      for (const version of oldestOfEachLine(supported)) {
        if (!semver.satisfies(version, wanted))
          refusals.push(`${where} wants ${wanted}, not ${version}`);
      }
    }
    expect(refusals).toEqual([]);
  });
});
