// One Jest run over every package (each package keeps its own config beside its code).
module.exports = {
  // testTimeout is a global option (ignored inside projects). 90 s: on two busy cores a long jsdom form test has taken
  // over 30 s in CI; the limit only matters when a test hangs
  testTimeout: 90_000,
  // a jsdom worker grows past 2 GB over the suite and then spends its time collecting: recycle it between files
  workerIdleMemoryLimit: '1500MB',
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
