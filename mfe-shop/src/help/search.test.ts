import { ARTICLES } from './articles';
import { normalize, searchArticles } from './search';

const titles = (q: string, lang: 'fr' | 'en' = 'fr') => searchArticles(ARTICLES, q, lang).map((a) => a.title[lang]);

describe('help search', () => {
  it('ignores accents, case and ligatures', () => {
    expect(normalize('Clôturer la Journée')).toBe('cloturer la journee');
    expect(normalize('Œnotourisme')).toBe('oenotourisme');
    expect(titles('cloturer journee')).toEqual(['Clôturer la journée']);
    expect(titles('EMETTRE')).toEqual(['Émettre une facture']);
  });

  it('searches bodies too, every word having to match, titles first', () => {
    expect(titles('fond de caisse')).toEqual(['Encaisser au caveau']); // only in a step
    const fec = titles('fec');
    expect(fec[0]).toBe('Exporter le FEC');
    expect(titles('facture')[0]).toBe('Émettre une facture');
    expect(titles('facture drm zzz')).toEqual([]);
  });

  it('searches the language shown', () => {
    expect(titles('close the day', 'en')).toEqual(['Close the day']);
    expect(titles('close the day', 'fr')).toEqual([]);
  });

  it('gives every article for an empty query', () => {
    expect(searchArticles(ARTICLES, '   ', 'fr')).toHaveLength(ARTICLES.length);
  });
});
