// One Jest run over every package (each package keeps its own config beside its code).
module.exports = {
  // testTimeout is a global option (ignored inside projects). 30 s rather than Jest's 5: the longest front-end test (a
  // product form typed key by key) takes about 12 s while the api suites load both cores; the limit only matters when a
  // test hangs. Api files that seed a database raise their own limit, each with its reason.
  testTimeout: 30_000,
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
