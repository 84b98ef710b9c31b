import { formatDisplayName, formatSizeLabel } from './format-name';

describe('formatDisplayName', () => {
  it('uses « Nom dans la boutique » when the producer gave one', () => {
    expect(formatDisplayName({ nameInShop: '  Magnum cuvée  ', container: 'magnum', unity: 'litre', unityValue: 1.5 })).toBe(
      'Magnum cuvée',
    );
  });

  it('builds a French name from the label tables when the name is empty, never the internal code', () => {
    const bottle = { nameInShop: null, container: 'bottle', formatType: 'bottle', unity: 'litre', unityValue: 0.75 };
    expect(formatDisplayName(bottle)).toBe('Bouteille 75 cl');
    expect(formatDisplayName({ ...bottle, nameInShop: '' })).toBe('Bouteille 75 cl');
    expect(formatDisplayName({ ...bottle, container: 'magnum', unityValue: 1.5 })).toBe('Magnum 1,5 l');
    expect(formatDisplayName({ ...bottle, container: 'bib5', formatType: 'bib', unityValue: 5 })).toBe('Bag-in-box 5 l');
    expect(formatDisplayName({ ...bottle, container: 'demi', unityValue: 0.375 })).toBe('Demi-bouteille 37,5 cl');
  });

  it('has an English variant', () => {
    const bottle = { nameInShop: null, container: 'bottle', unity: 'litre', unityValue: 0.75 };
    expect(formatDisplayName(bottle, 'en')).toBe('Bottle 75 cl');
    expect(formatDisplayName({ ...bottle, container: 'magnum', unityValue: 1.5 }, 'en')).toBe('Magnum 1.5 l');
  });

  it('falls back to the format type label, then to the size, for an unknown or missing container', () => {
    expect(formatDisplayName({ container: 'myOwnCode', formatType: 'bottle', unity: 'litre', unityValue: 0.5 })).toBe('Bouteille 50 cl');
    expect(formatDisplayName({ container: null, formatType: 'custom', unity: 'kilogramme', unityValue: 1 })).toBe('1 kg');
    expect(formatDisplayName({ container: null, unity: 'unite', unityValue: null })).toBe('Format');
  });
});

describe('formatSizeLabel', () => {
  it('writes sizes in words a reader knows', () => {
    expect(formatSizeLabel('litre', 0.75)).toBe('75 cl');
    expect(formatSizeLabel('litre', 3)).toBe('3 l');
    expect(formatSizeLabel('gramme', 250)).toBe('250 g');
    expect(formatSizeLabel('unite', 6)).toBe('6 unités');
    expect(formatSizeLabel('unite', 6, 'en')).toBe('6 units');
    expect(formatSizeLabel('litre', null)).toBe('');
  });
});
