// Import rules of the api and the shared kernel (issue 11), checked on the TypeScript sources:
// - no import cycle in api/src nor in shared-kernel/src (type-only imports count: they are a design cycle too);
// - the platform never imports a module;
// - a module, app.ts, the seed and the tests reach another module only through its index.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const API = path.resolve(__dirname);
const KERNEL = path.resolve(__dirname, '../../shared-kernel/src');
const KERNEL_EXPORTS: Record<string, string> = JSON.parse(readFileSync(path.resolve(KERNEL, '../package.json'), 'utf8')).exports;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f);

/** Every module specifier of a file: import / export … from, side-effect imports, dynamic import(). */
export function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  const re = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

function withExtension(base: string): string | undefined {
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return undefined;
}

/** The file a specifier names, when it is one of ours (relative, or `shared-kernel/<entry>`); packages → undefined. */
export function resolveImport(from: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return withExtension(path.resolve(path.dirname(from), spec));
  if (spec === 'shared-kernel' || spec.startsWith('shared-kernel/')) {
    const target = KERNEL_EXPORTS[`.${spec.slice('shared-kernel'.length)}`];
    return target ? withExtension(path.resolve(KERNEL, '..', target)) : undefined;
  }
  return undefined;
}

function graphOf(files: string[]): Map<string, string[]> {
  const g = new Map<string, string[]>();
  for (const f of files) {
    const deps = specifiersOf(readFileSync(f, 'utf8'))
      .map((s) => resolveImport(f, s))
      .filter((d): d is string => !!d);
    g.set(f, [...new Set(deps)]);
  }
  return g;
}

/** The cycles of a graph (one per strongly connected component of more than one file, or a file importing itself). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.reverse());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const rel = (f: string) => path.relative(path.resolve(__dirname, '../..'), f);

describe('architecture', () => {
  const apiFiles = sourceFiles(API);
  const kernelFiles = sourceFiles(KERNEL);
  const apiGraph = graphOf(apiFiles);

  it('finds cycles (self-check of the detector)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(cyclesOf(g).map((c) => c.sort())).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['e']]));
    expect(cyclesOf(g)).toHaveLength(2);
    expect(specifiersOf("import type { A } from './a';\nexport * from \"./b\";\nimport './c';\nconst x = import('./d');")).toEqual([
      './a',
      './b',
      './c',
      './d',
    ]);
  });

  it('has no import cycle in api/src', () => {
    const code = new Map([...apiGraph].filter(([f]) => !isTest(f)));
    expect(cyclesOf(code).map((c) => c.map(rel).join(' → '))).toEqual([]);
  });

  it('has no import cycle in shared-kernel/src', () => {
    const code = new Map([...graphOf(kernelFiles)].filter(([f]) => !isTest(f)));
    expect(cyclesOf(code).map((c) => c.map(rel).join(' → '))).toEqual([]);
  });

  it('keeps the platform free of modules', () => {
    const platform = path.join(API, 'platform') + path.sep;
    const modules = path.join(API, 'modules') + path.sep;
    const offenders = [...apiGraph].flatMap(([f, deps]) => {
      if (!f.startsWith(platform)) return [];
      const bad = deps.filter((d) => d.startsWith(modules));
      return bad.map((d) => `${rel(f)} → ${rel(d)}`);
    });
    expect(offenders).toEqual([]);
  });

  it('reaches another module only through its index.ts', () => {
    const modules = path.join(API, 'modules') + path.sep;
    const moduleOf = (f: string) => (f.startsWith(modules) ? f.slice(modules.length).split(path.sep)[0] : undefined);
    const offenders = [...apiGraph].flatMap(([f, deps]) => {
      const own = moduleOf(f);
      return deps
        .filter((d) => {
          const target = moduleOf(d);
          return target !== undefined && target !== own && d !== path.join(modules, target, 'index.ts');
        })
        .map((d) => `${rel(f)} → ${rel(d)}`);
    });
    expect(offenders).toEqual([]);
  });

  it('gives every module an index.ts', () => {
    const modules = path.join(API, 'modules');
    const missing = readdirSync(modules).filter(
      (m) => statSync(path.join(modules, m)).isDirectory() && !existsSync(path.join(modules, m, 'index.ts')),
    );
    expect(missing).toEqual([]);
  });
});
