import type { OrderDetail } from 'shared-kernel/contracts';
import type { CartOrder } from 'shared-kernel/domain';
import { sameContent } from './previous-order';

type Line = OrderDetail['lines'][number];
const line = (over: Partial<Line>): Line => ({
  id: 1,
  kind: 'product',
  productId: null,
  formatId: null,
  vintageId: null,
  eventId: null,
  slotId: null,
  label: 'x',
  details: null,
  quantity: 1,
  addQuantity: 0,
  unitPriceHT: 100,
  promoAmount: 0,
  duties: 0,
  vatRate: 20,
  totalHT: 100,
  totalTTC: 120,
  ...over,
});
const order = (over: Partial<CartOrder>): CartOrder => ({ seller: { id: 1 }, products: [], reservations: [], ...over }) as CartOrder;
const product = (id: number, quantity: number, format = 10, vintage = 20) =>
  ({
    idTmp: `${id}`,
    id,
    quantity,
    name: 'p',
    productType: 'bottle',
    chosenFormat: { id: format, price: 1 },
    chosenVintage: { id: vintage, name: '2022' },
  }) as CartOrder['products'][number];

describe('sameContent', () => {
  const placed = {
    lines: [
      line({ productId: 1, formatId: 10, vintageId: 20, quantity: 6 }),
      line({ productId: 2, formatId: 10, vintageId: 20, quantity: 1 }),
      line({ kind: 'shipping', label: 'Livraison' }),
    ],
  };

  it('matches the same products in any order, ignoring shipping lines', () => {
    expect(sameContent(placed, order({ products: [product(2, 1), product(1, 6)] }))).toBe(true);
  });
  it('differs when a quantity, a format or a product changed', () => {
    expect(sameContent(placed, order({ products: [product(1, 12), product(2, 1)] }))).toBe(false);
    expect(sameContent(placed, order({ products: [product(1, 6, 11), product(2, 1)] }))).toBe(false);
    expect(sameContent(placed, order({ products: [product(1, 6), product(2, 1), product(3, 1)] }))).toBe(false);
  });
  it('compares the reserved event slots', () => {
    const withSlot = {
      lines: [
        line({ kind: 'reservation', eventId: 5, slotId: 7, quantity: 2 }),
        line({ kind: 'reservation', eventId: 5, slotId: 7, quantity: 1 }),
      ],
    };
    const res = (slot: number) => ({ eventId: 5, selectedSlot: { id: slot, start: 's', end: 'e' }, totalQuantity: 3 });
    expect(sameContent(withSlot, order({ reservations: [res(7)] }))).toBe(true);
    expect(sameContent(withSlot, order({ reservations: [res(8)] }))).toBe(false);
  });
});
