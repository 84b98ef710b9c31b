import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import routes from './routes';

// Issue 10: the sign-in page is a public entry point opened on phones, rendered outside antd by the shell (layout
// 'auth' is in LayoutFrame's WITHOUT_ANTD). Every module a screen of layout 'auth' reaches must stay off antd:
// one import would bring its ≈ 420 KB back (and the shell renders no antd provider there).
const SRC = __dirname;
const MODULE = readFileSync(join(SRC, 'module.tsx'), 'utf8');
const ANTD = /from\s+['"](antd|@ant-design\/[^'"]+)['"]|import\(\s*['"](antd|@ant-design)/;

function resolveLocal(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  for (const c of [`${base}.tsx`, `${base}.ts`, join(base, 'index.tsx'), join(base, 'index.ts')]) if (existsSync(c)) return c;
  return null;
}

/** Every local module `file` reaches through static or dynamic imports. */
function reach(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const next = resolveLocal(file, m[1]);
    if (next) reach(next, seen);
  }
  return seen;
}

it('the screens of layout auth reach no antd module', () => {
  const authPaths = routes.filter((r) => r.layout === 'auth').map((r) => r.path);
  expect(authPaths).toContain('/auth/login');
  const pages = authPaths.map((p) => {
    const m = new RegExp(`'${p.replace(/[/]/g, '\\/')}': lazy\\(\\(\\) => import\\('([^']+)'\\)`).exec(MODULE);
    expect(m).not.toBeNull();
    return resolveLocal(join(SRC, 'module.tsx'), m![1])!;
  });
  const reached = new Set(pages.flatMap((p) => [...reach(p)]));
  expect(reached.size).toBeGreaterThan(pages.length);
  const offenders = [...reached].filter((f) => ANTD.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
  expect(offenders).toEqual([]);
});

it('the sign-in page reaches neither react-hook-form nor the zod validators', () => {
  // /auth/login must stay ≤ 150 KB on the wire (npm run bench): its two fields do without react-hook-form (≈ 12 KB
  // brotli) and take `needed` from shared-kernel/validation/light (the full validators bring zod: ≈ 70 KB)
  const login = [...reach(join(SRC, 'login', 'LoginPage.tsx'))];
  const HEAVY = /^import\s+(?!type\b)[^;]*?from\s+['"](react-hook-form|zod|shared-kernel\/validation)['"]/m;
  const offenders = login.filter((f) => HEAVY.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
  expect(offenders).toEqual([]);
});
