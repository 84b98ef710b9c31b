import { canonical, chainInput, GENESIS } from './chain';
import { DISPLAY_WIDTH, displayFrames, displayLine } from './display';
import { splitCentsBy } from '../money';
import { changeDue, paymentProblems, priceTicket, vatIn } from './ticket';

const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;
const wine = { label: 'Mâcon-Pierreclos 2023', unitPriceTTC: 1450, vatRate: 20, accountingType: 'product', formatId: 6 };
const jam = { label: 'Confiture', unitPriceTTC: 600, vatRate: 5.5, accountingType: 'marchandise' };

describe('a till ticket', () => {
  it('prices TTC: line and ticket discounts, VAT taken out per rate and split over the lines, all adding up to the cent', () => {
    // 3 × 14,50 = 43,50 − 10 % = 39,15; 2 × 6,00 = 12,00 − 1,00 = 11,00; ticket − 5,00 split 39,15 : 11,00
    const t = priceTicket({
      lines: [
        { ...wine, quantity: 3, discount: { kind: 'percent', value: 10 } },
        { ...jam, quantity: 2, discount: { kind: 'amount', value: 100 } },
      ],
      discount: { kind: 'amount', value: 500 },
    });
    expect(t.problems).toEqual([]);
    expect(t.lines.map((l) => [l.gross, l.lineDiscount, l.ticketDiscount, l.totalTTC])).toEqual([
      [4350, 435, 390, 3525],
      [1200, 100, 110, 990],
    ]);
    expect(t.totalTTC).toBe(4515);
    // VAT 20 % of 35,25 = 5,875 → 5,88; 5,5 % of 9,90 = 0,516… → 0,52
    expect(t.vat).toEqual([
      { rate: 20, ttc: 3525, ht: 2937, vat: 588 },
      { rate: 5.5, ttc: 990, ht: 938, vat: 52 },
    ]);
    expect(t.totalVAT).toBe(640);
    expect(t.totalHT + t.totalVAT).toBe(t.totalTTC);
    expect(t.lines.reduce((n, l) => n + l.totalHT, 0)).toBe(t.totalHT);
    expect(t.discount).toBe(435 + 100 + 500);
  });

  it('the ticket discount takes exactly its amount off; a tied cent goes to the line with the highest amount', () => {
    const t = priceTicket({
      lines: [
        { ...wine, unitPriceTTC: 1000, quantity: 1 },
        { ...wine, unitPriceTTC: 3000, quantity: 1, vatRate: 5.5 },
      ],
      discount: { kind: 'amount', value: 2 },
    });
    // 2 cents over 10 € and 30 €: shares 0,5 and 1,5, the 30 € line takes the tied cent
    expect(t.lines.map((l) => l.ticketDiscount)).toEqual([0, 2]);
    expect(t.totalTTC).toBe(4000 - 2);
    expect(t.totalHT + t.totalVAT).toBe(t.totalTTC);
  });

  it('a refund is the same ticket with negative quantities; offered lines cost nothing', () => {
    const t = priceTicket({
      lines: [
        { ...wine, quantity: -1 },
        { ...wine, label: 'Verre de dégustation', quantity: 2, free: true },
      ],
    });
    expect(t.totalTTC).toBe(-1450);
    expect(t.vat).toEqual([{ rate: 20, ttc: -1450, ht: -1208, vat: -242 }]);
    expect(vatIn(-1450, 20)).toBe(-242);
  });

  it('refuses a discount larger than its line or ticket, a bad percent, a zero quantity, an empty ticket', () => {
    const t = priceTicket({
      lines: [
        { ...wine, quantity: 1, discount: { kind: 'amount', value: 2000 } },
        { ...jam, quantity: 0 },
        { ...jam, quantity: 1, discount: { kind: 'percent', value: 120 } },
      ],
      discount: { kind: 'amount', value: 999999 },
    });
    expect(t.problems.map((p) => p.field)).toEqual(['lines.0.discount', 'lines.1.quantity', 'lines.2.discount', 'discount']);
    expect(priceTicket({ lines: [] }).problems).toEqual([{ field: 'lines', message: 'Le ticket est vide' }]);
  });

  it('split payment: the methods add up to the total; cash given covers the cash part; the change is the difference', () => {
    expect(
      paymentProblems(
        4515,
        [
          { method: 'card', amount: 2000 },
          { method: 'cash', amount: 2515 },
        ],
        3000,
        euros,
      ),
    ).toEqual([]);
    expect(
      changeDue(
        [
          { method: 'card', amount: 2000 },
          { method: 'cash', amount: 2515 },
        ],
        3000,
      ),
    ).toBe(485);
    expect(paymentProblems(4515, [{ method: 'card', amount: 2000 }], null, euros)).toEqual([
      { field: 'payments', message: 'Les règlements (20,00 €) ne font pas le total du ticket (45,15 €)' },
    ]);
    expect(paymentProblems(4515, [{ method: 'cash', amount: 4515 }], 4000, euros).map((p) => p.field)).toEqual(['cashGiven']);
    expect(paymentProblems(100, [{ method: 'paypal', amount: 100 }], null, euros, ['cash', 'card']).map((p) => p.field)).toEqual([
      'payments.0.method',
    ]);
    expect(splitCentsBy(-5, [1, 1])).toEqual([-3, -2]);
  });
});

describe('the customer display (§9: 40 bytes a line, padded with spaces)', () => {
  const text = (b: Uint8Array) => String.fromCharCode(...b);
  it('writes ASCII lines of exactly 40 bytes, the price aligned right', () => {
    const item = displayFrames.item('Mâcon-Pierreclos 2023 Vieilles Vignes élevé', 2, 2900);
    expect(item).toHaveLength(DISPLAY_WIDTH);
    expect(text(item)).toBe('2 x Macon-Pierreclos 2023 Viei 29,00 EUR');
    expect(text(displayFrames.total(4515))).toBe(`TOTAL${' '.repeat(26)}45,15 EUR`);
    expect(text(displayFrames.change(485))).toBe(`RENDU${' '.repeat(27)}4,85 EUR`);
    expect(text(displayLine('Œuvre – 12 €'))).toBe('OEuvre ? 12 EUR'.padEnd(40));
    expect([...displayFrames.welcome('Domaine de Démo')].every((b) => b >= 0x20 && b <= 0x7e)).toBe(true);
  });
});

describe('the journal’s canonical content', () => {
  it('sorts keys, drops undefined, and chains on the previous hash', () => {
    expect(canonical({ b: 1, a: [true, null, 'é'], c: undefined })).toBe('{"a":[true,null,"é"],"b":1}');
    expect(chainInput(GENESIS, { n: 1 })).toBe(`${'0'.repeat(64)}\n{"n":1}`);
  });
});
