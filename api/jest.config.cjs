const base = require('../tooling/jest.base.cjs')(__dirname, { env: 'node' });

const swc = base.transform['^.+\\.(t|j)sx?$'];

module.exports = {
  ...base,
  transform: {
    ...base.transform,
    // PGlite's CommonJS build loads node built-ins with dynamic import(), which Jest's
    // sandbox refuses without --experimental-vm-modules: swc rewrites them to require().
    '^.+[\\\\/]@electric-sql[\\\\/]pglite[\\\\/]dist[\\\\/].+\\.cjs$': swc,
  },
  // jose is ESM-only and PGlite needs the rewrite above (pnpm path: .pnpm/<pkg>@x/node_modules/<pkg>).
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(jose|@electric-sql))'],
  testTimeout: 30000,
  // the template databases each test file copies (migrated, and with the demo data): see src/test/test-db.ts
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
};
