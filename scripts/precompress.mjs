// The web build's files compressed once at build time, so the server sends each asset as
// brotli or gzip (whichever the browser accepts) without compressing it on every request:
// @fastify/static's `preCompressed` picks `<file>.br` or `<file>.gz` beside the file.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text the browser fetches as a file. The pages are left out (the server fills in their
 * nonce), and so is media: a browser asks for audio with `Accept-Encoding: identity` and a
 * byte range, so a compressed ringtone would never be sent.
 */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|map|txt|webmanifest)$/;
/** Below this a response fits a packet or two anyway, and the compressed copy saves ~nothing. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const encodings = [
  {
    extension: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { extension: '.gz', compress: (data) => gzipAsync(data, { level: 9 }) },
];

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` (recursively) of at least
 * MIN_BYTES, unless the compressed copy would be no smaller. The files written, relative to dir.
 */
export async function precompressDir(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return [];
      const copies = await Promise.all(
        encodings.map(async ({ extension, compress }) => {
          const compressed = await compress(data);
          if (compressed.length >= data.length) return undefined;
          await writeFile(file + extension, compressed);
          return path.relative(dir, file + extension);
        }),
      );
      return copies.filter((copy) => copy !== undefined);
    }),
  );
  return written.flat().sort();
}

/** Vite plugin: after a production build has written its files (public/ included), compress them. */
export function precompress() {
  let config;
  return {
    name: 'switchboard:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error) {
      if (error) return; // the build failed: its own error is the one to see
      await precompressDir(path.resolve(config.root, config.build.outDir));
    },
  };
}
