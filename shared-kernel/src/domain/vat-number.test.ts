import { frenchVatNumber, isValidVatNumber, sirenOfVatNumber } from './vat-number';
import { isValidSiren } from './siret';

describe('VAT numbers', () => {
  it('builds the French number on the SIREN with its key: (12 + 3 × (SIREN mod 97)) mod 97', () => {
    // 303265045 = 97 × 3126443 + 74 → (12 + 3 × 74) mod 97 = 234 mod 97 = 40
    expect(frenchVatNumber('303 265 045')).toBe('FR40303265045');
    // La Poste: 356000000 = 97 × 3670103 + 9 → (12 + 27) mod 97 = 39
    expect(frenchVatNumber('356000000')).toBe('FR39356000000');
    expect(isValidVatNumber(frenchVatNumber('732829320'))).toBe(true);
  });

  it('refuses a French number whose key or SIREN is wrong', () => {
    expect(isValidVatNumber('FR40303265045')).toBe(true);
    expect(isValidVatNumber('FR12356000000')).toBe(false);
    expect(isValidSiren('400000000')).toBe(false);
    // the key of 400000000 is right (400000000 mod 97 = 33; (12 + 99) mod 97 = 14) but the SIREN fails its Luhn key
    expect(isValidVatNumber('FR14400000000')).toBe(false);
  });

  it('reads the SIREN of a French number only', () => {
    expect(sirenOfVatNumber('fr 40 303265045')).toBe('303265045');
    expect(sirenOfVatNumber('BE0411905847')).toBeNull();
  });
});
