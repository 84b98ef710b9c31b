import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** domain/, validation/ and contracts/ are imported by the api in Node: no React, no DOM, no browser-only libraries. */
const PURE = ['domain', 'validation', 'contracts'];
const FORBIDDEN_IMPORT =
  /from\s+['"](react|react-dom|antd|@ant-design\/[^'"]+|dompurify|zustand|i18next|react-i18next|\.\.\/(runtime|ui|i18n)[^'"]*)['"]/;
const FORBIDDEN_GLOBAL = /\b(window|document|localStorage|navigator)\./;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('pure layers', () => {
  for (const layer of PURE) {
    it(`${layer}/ has no DOM or React dependency`, () => {
      const offenders = files(join(__dirname, layer)).filter((f) => {
        const src = readFileSync(f, 'utf8');
        // remote-module.ts only imports React *types* (erased at compile time).
        const code = src.replace(/^import type .*$/gm, '');
        return FORBIDDEN_IMPORT.test(code) || FORBIDDEN_GLOBAL.test(code);
      });
      expect(offenders).toEqual([]);
    });
  }
});

/** Layers: domain/ is the bottom one (plain rules and the data they read); contracts/ builds on it, never the reverse. */
describe('layers', () => {
  it('domain/ never imports contracts/ (the types and lists it needs live in domain and contracts re-export them)', () => {
    const offenders = files(join(__dirname, 'domain')).filter((f) =>
      /from\s+['"](\.\.\/contracts|shared-kernel\/contracts)[^'"]*['"]/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
