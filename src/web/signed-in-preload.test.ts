// The build step that names the signed-in shell's and dashboard's files in index.html
// (scripts/signed-in-preload.ts), on a small fixture bundle. It sits here for the reason bundle-budget.test.ts does.
import { describe, expect, it } from 'vitest';
import { type BuiltBundle, chunkFilesFor } from '../../scripts/signed-in-preload';

const chunk = (fileName: string, imports: string[] = [], module?: string) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId: module ? `/work/clinic/src/web/${module}` : null,
});

/** The entry with its shared chunk; the shell, which shares icons with the dashboard; a chart nobody here needs. */
const bundle: BuiltBundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/common.js'], 'main.tsx'),
  'assets/common.js': chunk('assets/common.js'),
  'assets/app-shell.js': chunk(
    'assets/app-shell.js',
    ['assets/common.js', 'assets/icons.js'],
    'app/shell/app-shell.tsx',
  ),
  'assets/icons.js': chunk('assets/icons.js', ['assets/common.js']),
  'assets/dashboard-screen.js': chunk(
    'assets/dashboard-screen.js',
    ['assets/icons.js', 'assets/dates.js'],
    'features/dashboard/dashboard-screen.tsx',
  ),
  'assets/dates.js': chunk('assets/dates.js'),
  'assets/chart.js': chunk('assets/chart.js', ['assets/common.js'], 'features/reports/chart.tsx'),
  'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
};

describe('the signed-in files named in index.html', () => {
  it('lists a screen and its static imports, transitively, without what the entry already loads', () => {
    expect(chunkFilesFor(bundle, ['app/shell/app-shell.tsx'], 'assets/index.js')).toEqual([
      '/assets/app-shell.js',
      '/assets/icons.js',
    ]);
    expect(chunkFilesFor(bundle, ['features/dashboard/dashboard-screen.tsx'], 'assets/index.js')).toEqual([
      '/assets/dashboard-screen.js',
      '/assets/icons.js',
      '/assets/dates.js',
    ]);
  });

  it('fails the build when a screen is no longer a chunk of its own', () => {
    expect(() => chunkFilesFor(bundle, ['app/shell/gone.tsx'], 'assets/index.js')).toThrow(
      'The build has no chunk of its own for app/shell/gone.tsx',
    );
  });
});
