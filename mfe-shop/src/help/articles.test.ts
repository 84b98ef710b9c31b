import fs from 'node:fs';
import path from 'node:path';
import { AREA_TITLES, ARTICLES, APP_VERSION, CHANGELOG, HELP_AREAS } from './articles';
import { SCREENS } from './screens';

/** Every route path the product declares: the `path: '…'` and page helpers' first arguments of each remote's routes.ts. */
function declaredPaths(): string[] {
  const root = path.resolve(__dirname, '../../..');
  const files = fs
    .readdirSync(root)
    .filter((d) => d.startsWith('mfe-') || d === 'shell')
    .map((d) => path.join(root, d, 'src/routes.ts'))
    .filter((f) => fs.existsSync(f));
  return files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/['"](\/[A-Za-z0-9/:_-]*)['"]/g)].map((m) => m[1]));
}
const SETTINGS_SECTIONS = [
  'infos',
  'typos',
  'crm',
  'products',
  'billing',
  'delivery',
  'roles',
  'accounting',
  'campaigns',
  'matchGrids',
  'account',
  'iframes',
  'integrations',
  'promotions',
  'documents',
]; // spec §2

describe('help articles', () => {
  it('has at least two articles in every area, each titled and written in French and English', () => {
    for (const area of HELP_AREAS) {
      expect(AREA_TITLES[area].fr && AREA_TITLES[area].en).toBeTruthy();
      expect(ARTICLES.filter((a) => a.area === area).length).toBeGreaterThanOrEqual(2);
    }
    for (const a of ARTICLES) {
      for (const text of [a.title, a.summary, ...a.steps, ...a.links.map((l) => l.label)]) {
        expect(text.fr.trim()).not.toBe('');
        expect(text.en.trim()).not.toBe('');
        if (text.fr.length > 20) expect(text.en).not.toBe(text.fr); // a sentence is translated, not copied
      }
      expect(a.steps.length).toBeGreaterThanOrEqual(2);
      expect(a.links.length).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives every article a unique url slug', () => {
    const slugs = ARTICLES.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9-]+$/);
  });

  it('names the articles the issue asks for', () => {
    const titles = ARTICLES.map((a) => a.title.fr);
    expect(titles).toEqual(
      expect.arrayContaining(['Encaisser au caveau', 'Clôturer la journée', 'Exporter le FEC', 'Émettre une facture', 'Saisir la DRM']),
    );
  });

  it('links only to routes the product declares (and to settings sections of the spec)', () => {
    const declared = declaredPaths();
    expect(declared).toEqual(expect.arrayContaining(['/dashboard/stocks/drm', '/dashboard/salespoints', '/help']));
    const matches = (pattern: string, pathname: string) =>
      new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(pathname) &&
      (!pattern.startsWith('/:') || pathname.startsWith(pattern));
    for (const a of ARTICLES) {
      for (const { to } of a.links) {
        const url = new URL(to, 'http://x');
        expect([to, declared.some((p) => matches(p, url.pathname))]).toEqual([to, true]);
        if (url.pathname === '/dashboard/settings') expect(SETTINGS_SECTIONS).toContain(url.searchParams.get('link'));
      }
    }
  });

  it('shows a screenshot of a declared screen in every article, each taken (npm run help:screens) and committed', () => {
    const declared = declaredPaths();
    for (const a of ARTICLES) {
      expect([a.slug, typeof a.screen]).toEqual([a.slug, 'string']);
      expect([a.slug, declared.includes(new URL(a.screen!, 'http://x').pathname)]).toEqual([a.slug, true]);
      expect([a.slug, a.slug in SCREENS]).toEqual([a.slug, true]);
      expect(fs.existsSync(path.join(__dirname, 'screens', `${a.slug}.jpg`))).toBe(true);
    }
  });

  it('lists the current version (spec §9) first in the changelog, with what earlier versions added', () => {
    expect(APP_VERSION).toBe('5.5.1');
    expect(CHANGELOG[0].version).toBe('5.5.1');
    const all = CHANGELOG.flatMap((e) => [e.title.fr, ...e.items.map((i) => i.fr)]).join(' ');
    for (const word of ['Caisse', 'FEC', 'Factur-X', 'CRM', 'DRM', 'Boutique']) expect(all).toContain(word);
  });
});
