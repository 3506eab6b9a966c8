import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/** The layer rules `npm run lint` checks (.dependency-cruiser.cjs), proved on a tree that breaks each one. */
const root = resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));

type Violation = { rule: { name: string }; from: string; to: string };

async function violationsIn(baseDir: string) {
  const { tsConfig: _tsConfig, ...options } = config.options;
  const result = await cruise(['src'], {
    ...options,
    baseDir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    outputType: 'json',
  });
  const report = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  return (report.summary.violations as Violation[])
    .map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*node_modules\//, 'node_modules/')}`)
    .sort();
}

const planted: Record<string, string> = {
  'src/shared/contract.ts': "import '../server/app';\nexport const x = 1;\n",
  'src/server/app.ts': "import '../web/ui/button';\nexport const app = 1;\n",
  'src/server/platform/jobs.ts': "import '../features/visits/service';\nexport const jobs = 1;\n",
  'src/server/features/visits/service.ts':
    "import 'drizzle-orm';\nimport './repository';\nexport const s = 1;\n",
  'src/server/features/visits/repository.ts': "import 'drizzle-orm';\nexport const r = 1;\n",
  'src/server/features/visits/rules.ts': "import './timing';\nexport const rules = 1;\n",
  'src/server/features/visits/timing.ts': "import './rules';\nexport const timing = 1;\n",
  'src/server/features/invoices/service.ts': "import '../visits/repository';\nimport '../visits/service';\n",
  'src/server/features/invoices/service.test.ts': "import '../visits/repository';\n",
  'src/web/ui/button.tsx': "import '../features/visits/page';\nexport const Button = 1;\n",
  'src/web/features/visits/page.tsx': "import '../../../server/main';\nexport const Page = 1;\n",
  'src/server/main.ts': 'export const main = 1;\n',
  'src/web/features/visits/index.ts': "export { Page } from './page';\n",
  'src/web/features/invoices/page.tsx': "import '../visits';\nimport '../visits/page';\n",
};

const tree = mkdtempSync(join(tmpdir(), 'layers-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('the layer rules', () => {
  it('refuse each planted violation and nothing that is allowed', async () => {
    for (const [path, text] of Object.entries(planted)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));

    expect(await violationsIn(tree)).toEqual([
      'no-cycles: src/server/features/visits/rules.ts -> src/server/features/visits/timing.ts',
      'no-foreign-repository: src/server/features/invoices/service.ts -> src/server/features/visits/repository.ts',
      'platform-not-features: src/server/platform/jobs.ts -> src/server/features/visits/service.ts',
      'queries-in-repositories: src/server/features/visits/service.ts -> node_modules/drizzle-orm/index.cjs',
      'server-not-web: src/server/app.ts -> src/web/ui/button.tsx',
      'shared-stays-pure: src/shared/contract.ts -> src/server/app.ts',
      'web-feature-public-entry: src/web/features/invoices/page.tsx -> src/web/features/visits/page.tsx',
      'web-not-server: src/web/features/visits/page.tsx -> src/server/main.ts',
      'web-shared-layers-know-no-feature: src/web/ui/button.tsx -> src/web/features/visits/page.tsx',
    ]);
  });

  it('hold on the code as it is', async () => {
    expect(await violationsIn(root)).toEqual([]);
  });
});
