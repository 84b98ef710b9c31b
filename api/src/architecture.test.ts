// Import rules of every package of the workspace, checked on the TypeScript sources (the rules and the graph are
// written once in tooling/arch.cjs, which `npm run arch` prints):
// - no import cycle inside a package (type-only imports count: they are a design cycle too);
// - a package reaches another only through shared-kernel/<entry> (remotes meet at run time, never through files);
// - in the api, the platform never imports a module, and a module reaches another only through its index.ts.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS tool shared with scripts/arch.mjs
const arch = require('../../tooling/arch.cjs') as {
  analyse(packages?: string[]): { cycles: string[][]; boundaries: string[] };
  boundaryProblems(from: string, to: string): string[];
  cyclesOf(graph: Map<string, string[]>): string[][];
  specifiersOf(source: string): string[];
  PACKAGES: string[];
};

const ROOT = path.resolve(__dirname, '../..');
const API = path.resolve(__dirname);

describe('architecture', () => {
  const report = arch.analyse();

  it('finds cycles and broken boundaries (self-check of the detector)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(arch.cyclesOf(g).map((c) => c.sort())).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['e']]));
    expect(arch.cyclesOf(g)).toHaveLength(2);
    expect(arch.specifiersOf("import type { A } from './a';\nexport * from \"./b\";\nimport './c';\nconst x = import('./d');")).toEqual([
      './a',
      './b',
      './c',
      './d',
    ]);
    const at = (...p: string[]) => path.join(ROOT, ...p);
    expect(arch.boundaryProblems(at('mfe-sales/src/a.ts'), at('mfe-crm/src/b.ts'))).toHaveLength(1);
    expect(arch.boundaryProblems(at('mfe-sales/src/a.ts'), at('shared-kernel/src/kit/index.ts'))).toEqual([]);
    expect(arch.boundaryProblems(at('shared-kernel/src/a.ts'), at('api/src/b.ts'))).toHaveLength(1);
    expect(arch.boundaryProblems(at('api/src/platform/a.ts'), at('api/src/modules/sales/index.ts'))).toHaveLength(1);
    expect(arch.boundaryProblems(at('api/src/modules/orders/a.ts'), at('api/src/modules/sales/sales.service.ts'))).toHaveLength(1);
    expect(arch.boundaryProblems(at('api/src/modules/orders/a.ts'), at('api/src/modules/sales/index.ts'))).toEqual([]);
  });

  it('reads every package', () => {
    expect(arch.PACKAGES).toEqual(expect.arrayContaining(['shared-kernel', 'shell', 'mfe-sales', 'mfe-pos', 'api', 'gateway']));
  });

  it('has no import cycle in any package', () => {
    expect(report.cycles.map((c) => c.join(' → '))).toEqual([]);
  });

  it('keeps every boundary: packages meet through the shared kernel, api modules through their index.ts', () => {
    expect(report.boundaries).toEqual([]);
  });

  it('gives every module an index.ts', () => {
    const modules = path.join(API, 'modules');
    const missing = readdirSync(modules).filter(
      (m) => statSync(path.join(modules, m)).isDirectory() && !existsSync(path.join(modules, m, 'index.ts')),
    );
    expect(missing).toEqual([]);
  });
});
