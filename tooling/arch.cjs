// The import graph of the workspace's TypeScript sources, read as text (no compiler: fast enough to run in a test),
// and the rules every package keeps:
// - no import cycle inside a package (type-only imports count: they are a design cycle too);
// - a package reaches another workspace package only through `shared-kernel/<entry>` (its package.json exports): a
//   remote never imports another remote's or the shell's files (they meet at run time, through module federation),
//   nothing imports the api's or the gateway's files, and the shared kernel imports no other package;
// - in the api, the platform never imports a module, and a module reaches another only through its index.ts.
// Used by `npm run arch` (scripts/arch.mjs) and by api/src/architecture.test.ts.
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = [
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
];
/** A source file longer than this says why at its top, in a comment starting `Size:`. */
const SIZE_LIMIT = 500;

const KERNEL_SRC = path.join(ROOT, 'shared-kernel', 'src');
const KERNEL_EXPORTS = JSON.parse(readFileSync(path.join(ROOT, 'shared-kernel', 'package.json'), 'utf8')).exports;

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const isTest = (f) => /\.test\.tsx?$/.test(f) || /[\\/]test[\\/]/.test(f) || /\.test-support\.tsx?$/.test(f);

/** Every module specifier of a file: import / export … from, side-effect imports, dynamic import(), jest.mock(). */
function specifiersOf(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  const re = /(?:^|[;\s])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

function withExtension(base) {
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && statSync(c).isFile()) return c;
  }
  return undefined;
}

/** The file a specifier names when it is one of ours (relative, or `shared-kernel/<entry>`); a package → undefined. */
function resolveImport(from, spec) {
  if (spec.startsWith('.')) return withExtension(path.resolve(path.dirname(from), spec));
  if (spec === 'shared-kernel' || spec.startsWith('shared-kernel/')) {
    const target = KERNEL_EXPORTS[`.${spec.slice('shared-kernel'.length)}`];
    return target ? withExtension(path.resolve(KERNEL_SRC, '..', target)) : undefined;
  }
  return undefined;
}

/** A specifier naming another workspace package by name (the shared kernel is the one allowed). */
const WORKSPACE_NAME = new RegExp(`^(${PACKAGES.filter((p) => p !== 'shared-kernel').join('|')})(/|$)`);

const packageOf = (file) => path.relative(ROOT, file).split(path.sep)[0];

/** file → the files of ours it imports, for the sources of `dirs`. */
function graphOf(files) {
  const g = new Map();
  for (const f of files) {
    const deps = specifiersOf(readFileSync(f, 'utf8'))
      .map((s) => resolveImport(f, s))
      .filter(Boolean);
    g.set(f, [...new Set(deps)]);
  }
  return g;
}

/** The cycles of a graph (one per strongly connected component of more than one file, or a file importing itself). */
function cyclesOf(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.reverse());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const rel = (f) => path.relative(ROOT, f).split(path.sep).join('/');

/** The import rules broken by one edge `from → to` (both files of ours), as messages; [] when the edge is fine. */
function boundaryProblems(from, to) {
  const src = packageOf(from);
  const dst = packageOf(to);
  if (src !== dst) {
    // shared-kernel/<entry> resolves into the kernel's sources: the one door between packages
    if (dst === 'shared-kernel' && src !== 'shared-kernel') return [];
    return [`${rel(from)} → ${rel(to)}: a package reaches another only through shared-kernel/<entry>`];
  }
  if (src !== 'api') return [];
  const modules = path.join(ROOT, 'api', 'src', 'modules') + path.sep;
  const platform = path.join(ROOT, 'api', 'src', 'platform') + path.sep;
  if (from.startsWith(platform) && to.startsWith(modules))
    return [`${rel(from)} → ${rel(to)}: the platform never imports a module (have the module hand it in)`];
  const moduleOf = (f) => (f.startsWith(modules) ? f.slice(modules.length).split(path.sep)[0] : undefined);
  const target = moduleOf(to);
  if (target !== undefined && target !== moduleOf(from) && to !== path.join(modules, target, 'index.ts'))
    return [`${rel(from)} → ${rel(to)}: a module is reached only through its index.ts`];
  return [];
}

/** The lines of a file and the reason its top gives for its size (a comment `Size: …` in its first 15 lines). */
function sizeOf(file) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  const head = text.split('\n').slice(0, 15).join('\n');
  const m = head.match(/(?:\/\/|\*)\s*Size:\s*(.+)/);
  return { file: rel(file), lines, reason: m ? m[1].trim() : null };
}

/**
 * The whole report: per package its cycles (non-test sources), the boundary problems (every source, tests included:
 * a test reaching into another package's files breaks the same independence), the largest files.
 */
function analyse(packages = PACKAGES) {
  const files = packages.flatMap((p) => sourceFiles(path.join(ROOT, p, 'src')));
  const graph = graphOf(files);
  const cycles = [];
  for (const p of packages) {
    const own = new Map([...graph].filter(([f]) => packageOf(f) === p && !isTest(f)));
    for (const c of cyclesOf(own)) cycles.push(c.map(rel));
  }
  const boundaries = [...graph].flatMap(([f, deps]) => [
    ...deps.flatMap((d) => boundaryProblems(f, d)),
    ...specifiersOf(readFileSync(f, 'utf8'))
      .filter((s) => WORKSPACE_NAME.test(s) && packageOf(f) !== s.split('/')[0])
      .map((s) => `${rel(f)} → ${s}: a package reaches another only through shared-kernel/<entry>`),
  ]);
  const sizes = files
    .filter((f) => !isTest(f))
    .map(sizeOf)
    .sort((a, b) => b.lines - a.lines);
  return { cycles, boundaries, sizes, files: files.length };
}

module.exports = {
  PACKAGES,
  SIZE_LIMIT,
  analyse,
  boundaryProblems,
  cyclesOf,
  graphOf,
  isTest,
  rel,
  resolveImport,
  sourceFiles,
  specifiersOf,
};
