// Shared Jest settings: @swc/jest compiles TypeScript/TSX; every package's
// jest.config.cjs spreads this and sets its own testEnvironment.
const path = require('node:path');
module.exports = function jestBase(dir, { env = 'node' } = {}) {
  return {
    rootDir: dir,
    testEnvironment: env,
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json', 'cjs', 'mjs'],
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    moduleNameMapper: {
      '\\.(css|less|png|jpg|jpeg|svg|webp)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    setupFiles: [path.join(__dirname, 'jest-jsdom-setup.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-jsdom-after-env.cjs')],
  };
};
