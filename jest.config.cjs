// One Jest run over every package (each package keeps its own config beside its code).
module.exports = {
  projects: ['shared-kernel', 'shell', 'mfe-auth', 'mfe-shop', 'mfe-cart', 'mfe-sales', 'mfe-crm', 'mfe-stock', 'mfe-marketing', 'mfe-accounting', 'mfe-pos', 'api', 'gateway'].map(
    (p) => `<rootDir>/${p}/jest.config.cjs`,
  ),
};
