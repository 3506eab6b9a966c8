/**
 * The layer rules of the code, checked by `npm run lint` (see README, "Map of the code").
 * Each rule names what it forbids; `npm run lint:boundaries` prints every import that breaks one.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: move the shared piece below both modules.',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-stays-pure',
      severity: 'error',
      comment: 'src/shared is the contract: it imports nothing of the server or the web.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser reaches the server through HTTP and the shared contract only.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server serves the built web app; it never imports its source.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'platform-not-features',
      severity: 'error',
      comment: 'platform/ is what features share; it knows no feature.',
      from: {
        path: '^src/server/(platform|db)/',
        pathNot: '^src/server/db/(demo-clinic|seed|build-template)',
      },
      to: { path: '^src/server/features/' },
    },
    {
      name: 'no-foreign-repository',
      severity: 'error',
      comment: 'A feature reaches another feature through its service, never its repository.',
      from: { path: '^src/server/features/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/features/.*/repository\\.ts$', pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'queries-in-repositories',
      severity: 'error',
      comment:
        'Database access lives in repositories; services call them (demo seeds and tests may write tables).',
      from: {
        path: '^src/server/features/',
        pathNot: ['repository\\.ts$', '\\.test\\.ts$', '/demo\\.ts$', '/testing\\.ts$'],
      },
      to: { path: ['drizzle-orm', '^src/server/db/schema'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-feature-public-entry',
      severity: 'error',
      comment:
        "A web feature imports another feature only through that feature's index.ts, or its live.ts: the light entry the notification socket of every page loads, which must not bring the feature's screens with it (tests may arrange with anything; fake servers that several features use live in src/web/test).",
      from: { path: '^src/web/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      // A screen loaded on demand (import()) is an entry of its own, as the router's pages are.
      to: {
        dependencyTypesNot: ['dynamic-import'],
        path: '^src/web/features/[^/]+/',
        pathNot: ['^src/web/features/$1/', '^src/web/features/[^/]+/(index|live)\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-layers-know-no-feature',
      severity: 'error',
      comment: 'web/ui and web/lib are below the features.',
      from: { path: '^src/web/(ui|lib)/' },
      to: { path: '^src/web/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
