import { toGtin14 } from 'shared-kernel/domain';
import {
  addFreeLine,
  addItem,
  EMPTY_CART,
  lookupCode,
  priceCart,
  problemsByLine,
  refundAmountOfLine,
  refundableUnits,
  refundTotal,
  setLinePrice,
  toTicketInput,
  updateLine,
} from './ticket-model';
import { CATALOG, CREMANT, GTIN_MACON, MACON, ticketFor } from './till.fixtures';

describe('the ticket being rung up', () => {
  it('adds a catalogue item once, then +1; an offered line of the same item stays apart', () => {
    let cart = addItem(EMPTY_CART, MACON).cart;
    cart = addItem(cart, MACON).cart;
    expect(cart.lines.map((l) => [l.formatId, l.quantity])).toEqual([[6, 2]]);
    cart = updateLine(cart, cart.lines[0].id, { free: true });
    cart = addItem(cart, MACON).cart;
    expect(cart.lines.map((l) => [l.formatId, l.quantity, l.free])).toEqual([
      [6, 2, true],
      [6, 1, false],
    ]);
    expect(priceCart(cart).totalTTC).toBe(1450);
  });

  it('a price changed at the till: priced and sent as unitPriceTTC; the catalogue price back sends none; free lines keep theirs', () => {
    let cart = addItem(EMPTY_CART, MACON).cart;
    cart = addFreeLine(cart, { label: 'Verre', unitPriceTTC: 300, vatRate: 20, free: false }).cart;
    const [macon, glass] = cart.lines;
    const pay = { key: 'k-12345678', payments: [{ method: 'card' as const, amount: 0 }], cashGiven: null };

    cart = setLinePrice(cart, macon.id, 1000);
    cart = setLinePrice(cart, glass.id, 100);
    expect(priceCart(cart).totalTTC).toBe(1300);
    expect(toTicketInput(cart, pay).lines[0]).toEqual({
      formatId: MACON.formatId,
      label: MACON.label,
      quantity: 1,
      unitPriceTTC: 1000,
      discount: null,
      free: false,
    });
    expect(toTicketInput(cart, pay).lines[1]).toMatchObject({ formatId: null, unitPriceTTC: 300 });

    // +1 of the same item keeps the changed price
    cart = addItem(cart, MACON).cart;
    expect(toTicketInput(cart, pay).lines[0]).toMatchObject({ quantity: 2, unitPriceTTC: 1000 });

    cart = setLinePrice(cart, macon.id, null);
    expect(toTicketInput(cart, pay).lines[0]).not.toHaveProperty('unitPriceTTC');
    expect(priceCart(cart).totalTTC).toBe(2 * MACON.unitPriceTTC + 300);
  });

  it('problems land on their line, the ticket discount apart', () => {
    let cart = addItem(EMPTY_CART, CREMANT).cart;
    cart = updateLine(cart, cart.lines[0].id, { discount: { kind: 'amount', value: 1500 } });
    cart = { ...cart, discount: { kind: 'percent', value: 120 } };
    const problems = problemsByLine(priceCart(cart));
    expect(problems.lines.get(0)).toEqual(['La remise dépasse le montant de la ligne']);
    expect(problems.ticket).toEqual(['Une remise en % est comprise entre 0 et 100']);
  });

  it('sends catalogue lines by format (priced by the api) and free lines with their price, VAT and type', () => {
    let cart = addItem(EMPTY_CART, MACON).cart;
    cart = addFreeLine(cart, { label: ' Verre ', unitPriceTTC: 300, vatRate: 10, free: false }).cart;
    cart = { ...cart, client: { id: 5, name: 'Claire', email: null } };
    expect(toTicketInput(cart, { key: 'key-12345678', payments: [{ method: 'card', amount: 1750 }], cashGiven: null })).toEqual({
      key: 'key-12345678',
      lines: [
        { formatId: 6, label: MACON.label, quantity: 1, discount: null, free: false },
        {
          formatId: null,
          label: 'Verre',
          quantity: 1,
          unitPriceTTC: 300,
          vatRate: 10,
          accountingType: 'prestation',
          discount: null,
          free: false,
        },
      ],
      discount: null,
      clientId: 5,
      payments: [{ method: 'card', amount: 1750 }],
      cashGiven: null,
    });
  });

  it('reads a scanned code of any GTIN length; a bad check digit is invalid', () => {
    expect(lookupCode(CATALOG.items, toGtin14(GTIN_MACON))).toMatchObject({ kind: 'found', item: MACON });
    expect(lookupCode(CATALOG.items, ` ${GTIN_MACON} `)).toMatchObject({ kind: 'found', item: MACON });
    expect(lookupCode(CATALOG.items, '12345')).toEqual({ kind: 'invalid', code: '12345' });
    expect(lookupCode(CATALOG.items, '40000001').kind).toBe('invalid');
    expect(lookupCode(CATALOG.items, '96385074')).toEqual({ kind: 'unknown', code: '96385074' });
  });
});

describe('refunds', () => {
  // 3 × 14,50 − 10 % = 39,15 ; the ticket's 5,00 discount spread over the lines
  const sold = {
    ...ticketFor({
      key: 'k-12345678',
      lines: [
        { formatId: 6, quantity: 3, discount: { kind: 'percent', value: 10 } },
        { formatId: 7, quantity: 1 },
      ],
      discount: { kind: 'amount', value: 500 },
      payments: [{ method: 'card', amount: 4615 }],
    }),
    refunded: [1, 0],
  };

  it('never more than sold minus already refunded; nothing from a refund ticket', () => {
    expect(refundableUnits(sold, 0)).toBe(2);
    expect(refundableUnits(sold, 1)).toBe(1);
    expect(refundableUnits({ ...sold, kind: 'refund' }, 0)).toBe(0);
  });

  it('gives back the share of what the line came to after its discounts, the whole line to the cent', () => {
    const line = sold.lines[0];
    expect(sold.totalTTC).toBe(4615);
    expect(refundAmountOfLine(sold, 0, 3)).toBe(line.totalTTC);
    expect(refundAmountOfLine(sold, 0, 1)).toBe(Math.round(line.totalTTC / 3));
    expect(refundTotal(sold, { 0: 3, 1: 1 })).toBe(sold.totalTTC);
    expect(refundTotal(sold, { 0: 0 })).toBe(0);
  });
});
