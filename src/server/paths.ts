import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root, found from this module whether it runs from src/ or from the bundle in dist/. */
function findProjectRoot() {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = resolve(PROJECT_ROOT, 'src/server/db/migrations');
export const PGLITE_TEMPLATE_PATH = resolve(PROJECT_ROOT, 'dist/pglite-template.tar.gz');
