import {
  CLIENT_TYPOLOGIES,
  COLORS,
  CONTAINERS,
  DRINK_TYPES,
  EXCISE_CODES,
  FRENCH_DEPARTMENTS,
  GRAPE_VARIETIES,
  GROWING_ZONES,
  LANGUAGES_LIST,
  LABELS,
  PAYMENT_DELAYS,
  PAYMENT_METHODS,
  RECIPIENT_TYPES,
  RESTRICTED_COUNTRY_CODES,
  UNITS,
  BUSINESS_TYPES,
  departmentOfPostcode,
  isVatType,
  paymentDueDate,
  refLabel,
  searchGrapes,
} from './index';

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('reference data', () => {
  it('has the sizes the spec gives', () => {
    expect(CLIENT_TYPOLOGIES).toHaveLength(14);
    expect(COLORS).toHaveLength(11);
    expect(DRINK_TYPES.length).toBeGreaterThanOrEqual(28);
    expect(GRAPE_VARIETIES.length).toBeGreaterThanOrEqual(250);
    expect(RESTRICTED_COUNTRY_CODES.size).toBe(28);
    expect(RESTRICTED_COUNTRY_CODES.has('CH')).toBe(true);
    expect(RESTRICTED_COUNTRY_CODES.has('GB')).toBe(false);
    expect(LANGUAGES_LIST.map((l) => l.value)).toEqual(['fr', 'en', 'es', 'de', 'it', 'pt', 'nl', 'pl', 'ru', 'zh', 'ja']);
    expect(GROWING_ZONES.map((z) => z.label)).toEqual(['A', 'B', 'C I', 'C II', 'C III (a)', 'C III (b)']);
    expect(RECIPIENT_TYPES.map((r) => r.value)).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect(UNITS.map((u) => u.value)).toEqual(['litre', 'kilogramme', 'gramme', 'unite']);
    expect(BUSINESS_TYPES.map((b) => b.value)).toEqual(['wine', 'champaign', 'beer', 'spirit', 'cider', 'other']);
    expect(PAYMENT_METHODS).toHaveLength(15);
    expect(EXCISE_CODES.map((e) => e.value)).toEqual(expect.arrayContaining(['W200', 'W300', 'B000', 'I000', 'S200']));
    expect(LABELS.map((l) => l.value)).toEqual(
      expect.arrayContaining(['AOC', 'AOP', 'AB', 'demeter', 'IGP', 'label-rouge', 'STG', 'naturel', 'biodynamie']),
    );
  });
  it('has unique values and non-empty labels', () => {
    for (const list of [
      CLIENT_TYPOLOGIES,
      COLORS,
      DRINK_TYPES,
      LABELS,
      PAYMENT_METHODS,
      PAYMENT_DELAYS,
      CONTAINERS.bottle,
      CONTAINERS.bib,
      CONTAINERS.vrac,
    ]) {
      expect(unique(list.map((o) => o.value))).toBe(true);
      expect(list.every((o) => o.label.trim().length > 0)).toBe(true);
    }
    expect(unique(GRAPE_VARIETIES)).toBe(true);
  });
  it('lists departments 01-95 with 2A/2B and overseas', () => {
    const codes = FRENCH_DEPARTMENTS.map((d) => d.value);
    expect(codes).toHaveLength(101);
    expect(codes.slice(0, 3)).toEqual(['01', '02', '03']);
    expect(codes).toEqual(expect.arrayContaining(['2A', '2B', '95', '971', '972', '973', '974', '976']));
    expect(codes).not.toContain('20');
    expect(departmentOfPostcode('33000')).toBe('33');
    expect(departmentOfPostcode('20000')).toBe('2A');
    expect(departmentOfPostcode('20200')).toBe('2B');
    expect(departmentOfPostcode('97400')).toBe('974');
    expect(departmentOfPostcode('1234')).toBeNull();
  });
  it('helpers', () => {
    expect(refLabel(CLIENT_TYPOLOGIES, 'caviste')).toBe('Caviste');
    expect(refLabel(COLORS, 'unknown' as never)).toBe('unknown');
    expect(searchGrapes('semillon')).toEqual(['Sémillon']);
    expect(searchGrapes('pinot').length).toBeGreaterThan(4);
    expect(isVatType('fr5_5')).toBe(true);
    expect(isVatType('DE')).toBe(true);
    expect(isVatType('zz')).toBe(false);
    const d = new Date(2025, 0, 15);
    expect(paymentDueDate(d, '30')).toEqual(new Date(2025, 1, 14));
    expect(paymentDueDate(d, 'endOfMonth')).toEqual(new Date(2025, 0, 31));
    expect(paymentDueDate(d, '30EndOfMonth')).toEqual(new Date(2025, 1, 28));
    expect(paymentDueDate(d, 'order')).toBeNull();
  });
});
