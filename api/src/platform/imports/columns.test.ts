import { columnMatcher, headerKey, normaliseHeader } from './columns';

describe('normaliseHeader / headerKey', () => {
  it('trims, lowers, strips accents and punctuation, collapses spaces', () => {
    expect(normaliseHeader('  Prénom   du Client : ')).toBe('prenom du client');
    expect(normaliseHeader('N° TVA')).toBe('n tva');
    expect(normaliseHeader('Complément d’adresse')).toBe('complement d adresse');
    expect(normaliseHeader('ÉTIQUETTES')).toBe('etiquettes');
    expect(normaliseHeader(' --- ')).toBe('');
  });

  it('compares without spaces: one key for « Code postal », « Code-postal » and « CodePostal »', () => {
    expect(headerKey('Code postal')).toBe('codepostal');
    expect(headerKey('Code-postal')).toBe('codepostal');
    expect(headerKey('CodePostal')).toBe('codepostal');
    expect(headerKey('Poids (kg)')).toBe('poidskg');
  });
});

describe('columnMatcher', () => {
  type F = 'name' | 'email' | 'zipcode' | 'code';
  const matcher = columnMatcher<F>([
    { field: 'code', header: 'Code', synonyms: ['reference', 'ref'] },
    { field: 'name', header: 'Nom', synonyms: ['name', 'nomdefamille'] },
    { field: 'email', synonyms: ['email', 'courriel', 'Adresse e-mail'] },
    { field: 'zipcode', header: 'Code postal', synonyms: ['cp'] },
  ]);

  it('reads each field from its column, by header or synonym, whatever the accents, case and punctuation', () => {
    const m = matcher.match(['  NOM ', 'Courriel', 'C.P.', 'Téléphone', 'Référence']);
    expect(m.index).toEqual(
      new Map<F, number>([
        ['name', 0],
        ['email', 1],
        ['zipcode', 2],
        ['code', 4],
      ]),
    );
    expect(m.columns.map((c) => c.field)).toEqual(['name', 'email', 'zipcode', null, 'code']);
    expect(m.unknown).toEqual([{ index: 3, header: 'Téléphone' }]);
    expect(m.duplicates).toEqual([]);
  });

  it('reports unknown headers, blank ones aside', () => {
    const m = matcher.match(['Nom', '', '   ', 'Couleur']);
    expect(m.unknown).toEqual([{ index: 3, header: 'Couleur' }]);
    expect(m.columns[1]).toEqual({ index: 1, header: '', field: null, duplicate: false });
  });

  it('keeps the first column of a field and reports the next ones as duplicates', () => {
    const m = matcher.match(['Email', 'Nom', 'Mail ?', 'Courriel', 'Name']);
    expect(m.index.get('email')).toBe(0);
    expect(m.index.get('name')).toBe(1);
    expect(m.duplicates).toEqual([
      { index: 3, header: 'Courriel', field: 'email', first: 0 },
      { index: 4, header: 'Name', field: 'name', first: 1 },
    ]);
    expect(m.columns.filter((c) => c.duplicate).map((c) => c.index)).toEqual([3, 4]);
    expect(m.unknown.map((u) => u.header)).toEqual(['Mail ?']);
  });

  it('resolves a name declared twice: the `first` names, then the headers, then the synonyms, in declaration order', () => {
    const m = columnMatcher<'a' | 'b' | 'c'>(
      [
        { field: 'a', synonyms: ['x', 'y'] },
        { field: 'b', header: 'X', synonyms: ['y', 'z'] },
        { field: 'c', synonyms: ['z'] },
      ],
      { first: { c: ['y'] } },
    );
    expect(m.fieldOf('x')).toBe('b'); // b's header before a's synonym
    expect(m.fieldOf('Y')).toBe('c'); // the `first` names before anything
    expect(m.fieldOf('z')).toBe('b'); // the first synonym declared
    expect(m.fieldOf('w')).toBeUndefined();
  });

  it('takes another comparison key', () => {
    const caseOnly = columnMatcher([{ field: 'pro', synonyms: ['Caviste Pro'] }], { key: (s) => s.trim().toLowerCase() });
    expect(caseOnly.fieldOf(' CAVISTE PRO ')).toBe('pro');
    expect(caseOnly.fieldOf('caviste-pro')).toBeUndefined();
  });
});
