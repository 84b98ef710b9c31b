const path = require('node:path');
const base = require('../tooling/jest.base.cjs')(__dirname, { env: 'jsdom' });
module.exports = {
  ...base,
  testEnvironment: path.join(__dirname, 'jest.env.cjs'),
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // the shell imports icons one by one (ES build, kept out of the shared full icon set); Jest needs the CommonJS build
    '^@ant-design/icons/es/(.*)$': '@ant-design/icons/lib/$1',
  },
};
