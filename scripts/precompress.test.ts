import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'switchboard-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (line: string) => Array.from({ length: 200 }, (_, i) => `${line} ${i}`).join('\n');
const files: Record<string, string | Buffer> = {
  'assets/app-abc.js': text('export const a ='),
  'assets/app-abc.css': text('.row { margin: 0 }'),
  'logo.svg': `<svg>${text('<path d="M0 0"/>')}</svg>`,
  'ringtone.wav': Buffer.alloc(32_000, 7),
  'assets/tiny-abc.js': 'export {};',
  'index.html': text('<p>page</p>'),
  'assets/noise-abc.js': randomBytes(4096),
};
mkdirSync(path.join(dir, 'assets'));
for (const [file, contents] of Object.entries(files)) writeFileSync(path.join(dir, file), contents);
const written = await precompressDir(dir);

describe('precompressDir', () => {
  it('writes brotli and gzip copies of the text files worth it, and only those', () => {
    const worthIt = ['assets/app-abc.css', 'assets/app-abc.js', 'logo.svg'];
    expect(written).toEqual(worthIt.flatMap((file) => [`${file}.br`, `${file}.gz`]).sort());
    for (const file of worthIt) {
      const original = readFileSync(path.join(dir, file));
      const br = readFileSync(path.join(dir, `${file}.br`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 4);
    }
  });

  it('leaves the pages (served with a nonce), media, files under 1 kB and incompressible data alone', () => {
    for (const file of [
      'index.html',
      'ringtone.wav',
      'assets/tiny-abc.js',
      'assets/noise-abc.js',
    ]) {
      expect(existsSync(path.join(dir, `${file}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`))).toBe(false);
    }
  });
});
