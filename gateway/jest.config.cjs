// Gateway tests run in node. http-proxy-middleware 4 and its httpxy/is-plain-obj deps are
// ESM-only: let @swc/jest compile them to CommonJS (pnpm layout: node_modules/.pnpm/<pkg>@v/node_modules/<pkg>).
const base = require('../tooling/jest.base.cjs')(__dirname, { env: 'node' });
const swc = base.transform['^.+\\.(t|j)sx?$'];
module.exports = {
  ...base,
  displayName: 'gateway',
  transform: { ...base.transform, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm|http-proxy-middleware|httpxy|is-plain-obj)([@/]|$))'],
};
