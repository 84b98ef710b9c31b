import {
  calendarDate,
  centsToDecimal,
  groupIban,
  microsToDecimal,
  microsToFrench,
  rateToDecimal,
  rateToFrench,
  toCiiDate,
  toFrenchDate,
} from './format';
import { plainSpaces } from './test-utils';
import { countryCode, vatNumberCountry } from './mentions';

describe('document formatting', () => {
  it('writes cents as 2-decimal amounts without float arithmetic', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(123456)).toBe('1234.56');
    expect(centsToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(() => centsToDecimal(10.5)).toThrow(RangeError);
  });

  it('writes unit prices in millionths of a euro exactly, with 2 to 6 decimals (BT-146)', () => {
    expect([16_670_000, 125_000, 1_666_667, -6_250_000, 0].map(microsToDecimal)).toEqual(['16.67', '0.125', '1.666667', '-6.25', '0.00']);
    expect([16_670_000, 125_000, 123_456_780_000].map((m) => plainSpaces(microsToFrench(m)))).toEqual([
      '16,67 €',
      '0,125 €',
      '123 456,78 €',
    ]);
    expect(() => microsToDecimal(0.5)).toThrow(RangeError);
  });

  it('writes VAT rates without trailing zeros or exponent', () => {
    expect([0, 2.1, 5.5, 10, 20, 8.5].map(rateToDecimal)).toEqual(['0', '2.1', '5.5', '10', '20', '8.5']);
    expect(rateToFrench(5.5)).toBe('5,5\u00a0%');
    expect(() => rateToDecimal(-1)).toThrow(RangeError);
  });

  it('dates a timestamp on its Paris calendar day', () => {
    expect(calendarDate('2025-03-14')).toBe('2025-03-14');
    expect(calendarDate('2025-03-14T23:30:00.000Z')).toBe('2025-03-15'); // UTC+1 in winter
    expect(calendarDate('2025-07-01T21:59:00Z')).toBe('2025-07-01'); // UTC+2 in summer
    expect(calendarDate('2025-07-01T22:00:00Z')).toBe('2025-07-02');
    expect(toCiiDate('2025-03-14')).toBe('20250314');
    expect(toFrenchDate('2025-03-04')).toBe('04/03/2025');
    expect(() => calendarDate('hier')).toThrow(RangeError);
  });

  it('groups an IBAN by four', () => {
    expect(groupIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  });

  it('reads a country from a code or a French or English name, and from a VAT number', () => {
    expect(countryCode('fr')).toBe('FR');
    expect(countryCode('UK')).toBe('GB');
    expect(countryCode('Belgique')).toBe('BE');
    expect(countryCode('  suisse ')).toBe('CH');
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('Royaume-Uni')).toBe('GB');
    expect(countryCode('Atlantide')).toBeNull();
    expect(countryCode(null)).toBeNull();
    expect(vatNumberCountry('EL123456789')).toBe('GR');
    expect(vatNumberCountry('BE 0123456789')).toBe('BE');
    expect(vatNumberCountry(null)).toBeNull();
  });
});
