// `npm start` builds the browser app, the server bundle and the embedded database template when they are missing or older
// than their sources, so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/web/index.html', 'dist/server/main.js', 'dist/pglite-template.tar.gz'];
const sources = ['src', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

const missing = outputs.some((output) => !existsSync(output));
const builtAt = missing ? 0 : Math.min(...outputs.map((output) => statSync(output).mtimeMs));
const sourcesAt = Math.max(...sources.filter(existsSync).map(newestChange));

if (missing || sourcesAt > builtAt) {
  console.log('Building the web app, the server bundle and the embedded database template…');
  execSync('npm run build', { stdio: 'inherit' });
}
