// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the web build, which the server hands
// to browsers that accept them (@fastify/static's preCompressed, src/server/platform/static-web.ts): the sign-in
// page's scripts are about 450 kB as written and 140 kB gzipped, which on a phone's connection is seconds.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own headers and a lookup cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return (
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      // Vite's manifest is for the build, never served.
      .filter((path) => !path.split(sep).includes('.vite'))
  );
}

export async function precompressDirectory(dir: string) {
  for (const path of await filesUnder(dir)) {
    const content = await readFile(path);
    if (content.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  }
}

/** Compresses the build output once Vite has written it (index.html, assets and the public files). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'clinic-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
