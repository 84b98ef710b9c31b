// Shared Jest settings: @swc/jest compiles TypeScript/TSX; every package's
// jest.config.cjs spreads this and sets its own testEnvironment.
const path = require('node:path');
/** antd's lib folder as the package at `dir` resolves it, or null when that package does not use antd. */
function antdLib(dir) {
  try {
    return path.dirname(require.resolve('antd', { paths: [dir] }));
  } catch {
    return null;
  }
}

module.exports = function jestBase(dir, { env = 'node' } = {}) {
  // every package that renders antd (shared-kernel's kit tests choose jsdom file by file)
  const antd = antdLib(dir);
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
      // each antd component loaded when first used, not all of them with the index (see jest-antd-lazy.cjs)
      ...(antd ? { '^antd$': path.join(__dirname, 'jest-antd-lazy.cjs') } : {}),
    },
    ...(antd ? { globals: { __WZ_ANTD_LIB__: antd } } : {}),
    setupFiles: [path.join(__dirname, 'jest-jsdom-setup.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-jsdom-after-env.cjs')],
  };
};
