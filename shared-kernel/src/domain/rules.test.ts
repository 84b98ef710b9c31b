import { formatDate, formatDateTime } from './dates';
import { fiscalYear } from './fiscal-year';
import { gtinCheckDigit, isValidGtin, toGtin14, withGtinCheckDigit } from './gtin';
import {
  allocateCents,
  splitCentsBy,
  formatCents,
  formatCentsIn,
  formatEuros,
  fromCents,
  multiplyCents,
  round2,
  sumCents,
  toCents,
} from './money';
import { isValidSiren, isValidSiret, nicFromSiret, sirenFromSiret, siretFromParts, splitSiret } from './siret';
import { ORDER_STATUSES, STATUS_TABLES, statusColor, statusInfo } from './statuses';
import { applyTiers, extraPackagesCost, packageCount, tierThreshold } from './tiers';
import { DEFAULT_VAT_RATES, htToTtc, htToTtcCents, ttcToHt, VAT_MULTIPLIERS, vatMultiplier, vatOfHt, vatRateOf } from './vat';
import { alcoholDuty, customTaxPerHl, eq75, exciseDuties, litresToHl, volumeHl } from './volume';

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('money', () => {
  it('round2 rounds half away from zero, binary-safe', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(10)).toBe(10);
  });
  it('converts cents both ways and sums exactly', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(multiplyCents(1999, 0.9)).toBe(1799);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });
  it('splits cents in proportion, the largest remainder first, a tie to the largest weight', () => {
    expect(splitCentsBy(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 0,5 and 1,5: the tied cent goes to the larger line, wherever it is
    expect(splitCentsBy(2, [1000, 3000])).toEqual([0, 2]);
    expect(splitCentsBy(2, [3000, 1000])).toEqual([2, 0]);
    expect(splitCentsBy(10, [1, 2, 7])).toEqual([1, 2, 7]);
    // the sign of the total, weights by size; large amounts divide exactly
    expect(splitCentsBy(-5, [1, -1])).toEqual([-3, -2]);
    expect(sumCents(splitCentsBy(999_999_999_999, [3, 7, 11, 13]))).toBe(999_999_999_999);
    expect(splitCentsBy(7, [0, 0])).toEqual([0, 0]);
    expect(splitCentsBy(0, [1, 2])).toEqual([0, 0]);
  });
  it('allocates cents without losing any', () => {
    expect(allocateCents(1000, 3)).toEqual([334, 333, 333]);
    expect(allocateCents(-1000, 3)).toEqual([-334, -333, -333]);
    expect(sumCents(allocateCents(12345, 7))).toBe(12345);
  });
  it('formats euros fr-FR', () => {
    expect(nbsp(formatEuros(1234.5))).toBe('1 234,50 €');
    expect(nbsp(formatCents(999))).toBe('9,99 €');
  });
  it('formats euros in the page language', () => {
    expect(nbsp(formatCentsIn(123450, 'fr'))).toBe('1 234,50 €');
    expect(formatCentsIn(123450, 'en')).toBe('€1,234.50');
    expect(formatCentsIn(-5, 'en')).toBe('-€0.05');
  });
});

describe('vat', () => {
  it('has the §9 defaults and multipliers', () => {
    expect(DEFAULT_VAT_RATES).toEqual({ standard: 20, medium: 10, reduced: 5.5 });
    expect(VAT_MULTIPLIERS).toEqual({ standard: 1.2, medium: 1.1, reduced: 1.055 });
    expect(vatMultiplier(20)).toBe(1.2);
    expect(vatMultiplier(5.5)).toBe(1.055);
  });
  it('converts HT ↔ TTC rounded to 2 decimals', () => {
    expect(htToTtc(10)).toBe(12);
    expect(htToTtc(10, 5.5)).toBe(10.55);
    expect(htToTtc(9.99, 10)).toBe(10.99);
    expect(ttcToHt(12)).toBe(10);
    expect(ttcToHt(10.55, 5.5)).toBe(10);
    expect(vatOfHt(100)).toBe(20);
    expect(htToTtcCents(1000, 5.5)).toBe(1055);
    expect(htToTtcCents(999)).toBe(1199);
  });
  it('reads the shop rate of a VAT type', () => {
    expect(vatRateOf('medium')).toBe(10);
    expect(vatRateOf(undefined)).toBe(20);
    expect(vatRateOf('reduced', { standard: 20, medium: 10, reduced: 2.1 })).toBe(2.1);
  });
});

describe('volume', () => {
  it('computes eq75 and hectolitres', () => {
    expect(eq75(0.75)).toBe(1);
    expect(eq75(1.5)).toBe(2);
    expect(eq75(0.375)).toBe(0.5);
    expect(litresToHl(0.75)).toBe(0.0075);
    expect(litresToHl(100)).toBe(1);
    expect(volumeHl(12)).toBe(0.09);
    expect(volumeHl(6, 1.5)).toBe(0.09);
  });
  it('computes alcohol duty per hl, per hl of pure alcohol, per hl and degree', () => {
    expect(alcoholDuty({ volumeHl: 0.09, ratePerUnit: 4.22, base: 'hl' })).toBe(0.38);
    expect(alcoholDuty({ volumeHl: 0.007, ratePerUnit: 1866.65, base: 'hlap', abvPercent: 40 })).toBe(5.23);
    expect(alcoholDuty({ volumeHl: 0.0033, ratePerUnit: 8.0, base: 'hlabv', abvPercent: 5 })).toBe(0.13);
    expect(() => alcoholDuty({ volumeHl: -1, ratePerUnit: 1, base: 'hl' })).toThrow(RangeError);
    expect(customTaxPerHl(0.09, 1.71)).toBe(0.15);
  });
  it('charges the social security contribution per hl of pure alcohol on spirits, per hl on intermediate products', () => {
    // 0.7 l at 40 % vol.: 0.007 hl, 0.0028 hl of pure alcohol
    const spirit = exciseDuties({ volumeHl: 0.007, abvPercent: 40, legal: { da: 1866.31, typeDA: 'hlap', css: 612.55 } });
    expect(spirit.duties).toBe(5.23);
    expect(spirit.contributions).toBeCloseTo(0.0028 * 612.55, 10);
    // 0.75 l of a 17 % vol. intermediate product: 0.0075 hl
    const intermediate = exciseDuties({
      volumeHl: 0.0075,
      abvPercent: 17,
      legal: { da: 206.33, typeDA: 'hl', css: 51.61, customTaxAmountPerHL: 2 },
    });
    expect(intermediate.duties).toBe(1.55);
    expect(intermediate.contributions).toBeCloseTo(0.0075 * (51.61 + 2), 10);
    expect(exciseDuties({ volumeHl: 0.0075, abvPercent: 17, legal: { da: 206.33, css: 51.61, dutiesIncluded: true } })).toEqual({
      duties: 0,
      contributions: 0,
    });
  });
});

describe('tiers', () => {
  const discountPrice = { 6: 9, 12: 8, 24: 7 };
  it('picks the highest threshold not above the quantity', () => {
    expect(tierThreshold(discountPrice, 5)).toBeNull();
    expect(tierThreshold(discountPrice, 6)).toBe(6);
    expect(tierThreshold(discountPrice, 23)).toBe(12);
    expect(tierThreshold(discountPrice, 100)).toBe(24);
    expect(tierThreshold(null, 100)).toBeNull();
  });
  it('gives price and add-on quantity, by cart length for global discounts', () => {
    expect(applyTiers({ basePrice: 10, quantity: 3, discountPrice })).toEqual({ price: 10, addQuantity: 0, threshold: null });
    expect(applyTiers({ basePrice: 10, quantity: 13, discountPrice, discountAdd: { 12: 1 } })).toEqual({
      price: 8,
      addQuantity: 1,
      threshold: 12,
    });
    expect(applyTiers({ basePrice: 10, quantity: 1, discountPrice, global: true, cartLength: 6 })).toMatchObject({
      price: 9,
      threshold: 6,
    });
  });
  it('counts packages of 12 and charges 7 EUR per extra package', () => {
    expect(packageCount(0)).toBe(0);
    expect(packageCount(1)).toBe(1);
    expect(packageCount(12)).toBe(1);
    expect(packageCount(13)).toBe(2);
    expect(extraPackagesCost(12)).toBe(0);
    expect(extraPackagesCost(25)).toBe(14);
  });
});

describe('fiscalYear', () => {
  const d = (y: number, m: number, day: number) => new Date(y, m, day);
  it('defaults to the calendar year', () => {
    const { start, end } = fiscalYear(d(2025, 5, 15));
    expect(start).toEqual(d(2025, 0, 1));
    expect(end).toEqual(new Date(2025, 11, 31, 23, 59, 59, 999));
  });
  it('starts at logStartMonth/logStartDay and ends the day before the next start', () => {
    const s = { logStartMonth: 8, logStartDay: 1 }; // 1 September
    expect(fiscalYear(d(2025, 5, 15), s)).toEqual({ start: d(2024, 8, 1), end: new Date(2025, 7, 31, 23, 59, 59, 999) });
    expect(fiscalYear(d(2025, 8, 1), s).start).toEqual(d(2025, 8, 1));
    expect(fiscalYear(d(2025, 7, 31), s).start).toEqual(d(2024, 8, 1));
  });
  it('clamps a day beyond the month end', () => {
    const { start, end } = fiscalYear(d(2025, 1, 28), { logStartMonth: 1, logStartDay: 30 });
    expect(start).toEqual(d(2025, 1, 28));
    expect(end).toEqual(new Date(2026, 1, 27, 23, 59, 59, 999));
  });
  it('rejects invalid settings', () => expect(() => fiscalYear(new Date(), { logStartMonth: 12 })).toThrow(RangeError));
});

describe('dates', () => {
  it('formats dd/LL/yyyy and HH:mm', () => {
    expect(formatDate(new Date(2025, 2, 21, 14, 5))).toBe('21/03/2025');
    expect(formatDateTime(new Date(2025, 2, 21, 14, 5))).toBe('21/03/2025 14:05');
    expect(formatDate('2025-03-21')).toBe('21/03/2025');
    expect(formatDate('pas une date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('siren / siret', () => {
  it('validates SIREN with Luhn', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('732 829 320')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
  });
  it('validates SIRET with Luhn over 14 digits', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007a')).toBe(false);
  });
  it('applies the La Poste exception (digit sum divisible by 5)', () => {
    expect(isValidSiret('35600000000048')).toBe(true); // head office
    expect(isValidSiret('35600000049837')).toBe(true); // sum 45
    expect(isValidSiret('35600000049838')).toBe(false); // sum 46
  });
  it('derives both ways', () => {
    expect(sirenFromSiret('73282932000074')).toBe('732829320');
    expect(nicFromSiret('73282932000074')).toBe('00074');
    expect(splitSiret('732 829 320 00074')).toEqual({ siren: '732829320', nic: '00074' });
    expect(siretFromParts('732829320', '74')).toBe('73282932000074');
    expect(() => siretFromParts('1', '1')).toThrow();
    expect(() => sirenFromSiret('123')).toThrow();
  });
});

describe('gtin', () => {
  it('computes and verifies check digits for every length', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(withGtinCheckDigit('9638507')).toBe('96385074'); // GTIN-8
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('10614141000415')).toBe(true); // GTIN-14
    expect(isValidGtin('123')).toBe(false);
  });
  it('pads to 14 digits', () => {
    expect(toGtin14('4006381333931')).toBe('04006381333931');
    expect(() => toGtin14('123456789012345')).toThrow();
  });
});

describe('statuses', () => {
  it('labels every status in French and gives it a colour group', () => {
    for (const table of Object.values(STATUS_TABLES)) {
      for (const info of Object.values(table)) {
        expect(info.label.length).toBeGreaterThan(0);
        expect(['waiting', 'cancel', 'online', 'finished', 'error']).toContain(info.group);
      }
    }
    expect(Object.keys(STATUS_TABLES.order)).toEqual([...ORDER_STATUSES]);
  });
  it('looks statuses up', () => {
    expect(statusInfo('order', 'validated')).toEqual({ label: 'Validée', group: 'online' });
    expect(statusInfo('payment', 'paid').group).toBe('finished');
    expect(statusColor('delivery', 'error')).toBe('red');
    expect(statusInfo('order', 'toString')).toEqual({ label: 'toString', group: 'waiting' });
    expect(statusInfo('order', null).label).toBe('-');
  });
});
