// One Jest run over every package (each package keeps its own config beside its code).
module.exports = {
  // testTimeout is a global option: the api's own 30 s (database seeding in beforeAll) is ignored inside projects
  testTimeout: 30_000,
  projects: [
    'shared-kernel',
    'shell',
    'mfe-auth',
    'mfe-shop',
    'mfe-cart',
    'mfe-sales',
    'mfe-crm',
    'mfe-stock',
    'mfe-marketing',
    'mfe-accounting',
    'mfe-pos',
    'api',
    'gateway',
  ].map((p) => `<rootDir>/${p}/jest.config.cjs`),
};
