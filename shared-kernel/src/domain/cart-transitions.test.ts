import {
  addLoyaltyProduct,
  addProduct,
  addReservation,
  canAddLoyaltyProduct,
  clearCart,
  emptyCart,
  hasLoyalty,
  loyaltySelectionOf,
  loyaltyUnits,
  normalizeReservation,
  removeOrder,
  removeProduct,
  removeReservation,
  resetDelivery,
  resetLoyalty,
  setCollectionPoint,
  setDeliveryType,
  setLoyaltyData,
  setOrderId,
  setPromoCode,
  type Cart,
  type CartOrder,
  type CartProduct,
  type CartReservation,
  type ReservationPrice,
} from './cart';

const now = new Date('2025-03-01T10:00:00Z');
const later = new Date('2025-03-02T10:00:00Z');
const wine = (over: Partial<CartProduct> = {}): CartProduct => ({
  idTmp: 'a',
  id: 10,
  productType: 'bottle',
  quantity: 1,
  chosenFormat: { id: 100 },
  ...over,
});
const order = (over: Partial<CartOrder> = {}): CartOrder => ({ seller: { id: 1 }, products: [wine()], reservations: [], ...over });
const cartOf = (...orders: CartOrder[]): Cart => ({ orders, lastUpdated: null });

const place = (quantity: number, over: Partial<ReservationPrice> = {}): ReservationPrice => ({
  name: 'Adulte',
  quantity,
  priceTTC: 15,
  ...over,
});
const option = (quantity: number): ReservationPrice => ({ name: 'Plateau', quantity, priceTTC: 8, notCounting: true });
const tax = (quantity = 0): ReservationPrice => ({ name: 'Taxe de séjour', quantity, priceTTC: 1.5, productType: 'touristTax' });
const resa = (prices: ReservationPrice[], over: Partial<CartReservation> = {}): CartReservation => ({
  eventId: 7,
  selectedSlot: { id: 1, name: 'Matin', start: '2025-04-01T09:00:00Z', end: '2025-04-01T11:00:00Z' },
  selectedPrices: prices,
  totalQuantity: 0,
  ...over,
});

describe('addProduct / removeProduct (table)', () => {
  it.each<[string, Cart, () => Cart, Array<{ seller: number; lines: Array<[string, number]> }>]>([
    [
      'new seller → new order',
      emptyCart(),
      () => addProduct(emptyCart(), { id: 1 }, wine({ quantity: 2 }), now),
      [{ seller: 1, lines: [['a', 2]] }],
    ],
    [
      'same product, format, vintage and loyalty origin → increment',
      cartOf(order()),
      () => addProduct(cartOf(order()), { id: 1 }, wine({ idTmp: 'z', quantity: 3 }), now),
      [{ seller: 1, lines: [['a', 4]] }],
    ],
    [
      'other vintage → append',
      cartOf(order()),
      () => addProduct(cartOf(order()), { id: 1 }, wine({ idTmp: 'b', chosenVintage: { id: 2020 } }), now),
      [
        {
          seller: 1,
          lines: [
            ['a', 1],
            ['b', 1],
          ],
        },
      ],
    ],
    [
      'loyalty line → append',
      cartOf(order()),
      () => addProduct(cartOf(order()), { id: 1 }, wine({ idTmp: 'b', isFromFidelity: true }), now),
      [
        {
          seller: 1,
          lines: [
            ['a', 1],
            ['b', 1],
          ],
        },
      ],
    ],
    [
      'other seller → second order',
      cartOf(order()),
      () => addProduct(cartOf(order()), { id: 2 }, wine({ idTmp: 'b' }), now),
      [
        { seller: 1, lines: [['a', 1]] },
        { seller: 2, lines: [['b', 1]] },
      ],
    ],
    [
      'remove decrements',
      cartOf(order({ products: [wine({ quantity: 3 })] })),
      () => removeProduct(cartOf(order({ products: [wine({ quantity: 3 })] })), 1, 'a', now),
      [{ seller: 1, lines: [['a', 2]] }],
    ],
    [
      'remove at one removes the line',
      cartOf(order({ products: [wine(), wine({ idTmp: 'b', id: 11 })] })),
      () => removeProduct(cartOf(order({ products: [wine(), wine({ idTmp: 'b', id: 11 })] })), 1, 'a', now),
      [{ seller: 1, lines: [['b', 1]] }],
    ],
    [
      'last line removed → order removed',
      cartOf(order(), order({ seller: { id: 2 }, products: [wine({ idTmp: 'b' })] })),
      () => removeProduct(cartOf(order(), order({ seller: { id: 2 }, products: [wine({ idTmp: 'b' })] })), 1, 'a', now),
      [{ seller: 2, lines: [['b', 1]] }],
    ],
  ])('%s', (_name, before, run, expected) => {
    const snapshot = JSON.stringify(before);
    const after = run();
    expect(after.orders.map((o) => ({ seller: o.seller.id, lines: o.products.map((p) => [p.idTmp, p.quantity]) }))).toEqual(expected);
    expect(after.lastUpdated).toBe(now.toISOString());
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('keeps an order that still has a reservation when its last product goes', () => {
    const c = cartOf(order({ reservations: [normalizeReservation(resa([place(2)]))] }));
    const after = removeProduct(c, 1, 'a', now);
    expect(after.orders).toHaveLength(1);
    expect(after.orders[0].products).toEqual([]);
  });
});

describe('normalizeReservation (tourist tax and optional places)', () => {
  it.each<[string, ReservationPrice[], { total: number; optional: number; tax: number; names: string[] }]>([
    [
      'tax follows counting persons',
      [place(2), place(1, { name: 'Enfant' }), tax()],
      { total: 3, optional: 0, tax: 3, names: ['Adulte', 'Enfant', 'Taxe de séjour'] },
    ],
    [
      'optional places do not count',
      [place(2), option(5), tax(9)],
      { total: 2, optional: 5, tax: 2, names: ['Adulte', 'Plateau', 'Taxe de séjour'] },
    ],
    [
      'no counting person → only optional and tax lines remain',
      [place(0), option(2), tax(4)],
      { total: 0, optional: 2, tax: 0, names: ['Plateau', 'Taxe de séjour'] },
    ],
    ['no tax line → no tax quantity', [place(4)], { total: 4, optional: 0, tax: 0, names: ['Adulte'] }],
  ])('%s', (_name, prices, exp) => {
    const r = normalizeReservation(resa(prices));
    expect(r.totalQuantity).toBe(exp.total);
    expect(r.optionalQuantities).toBe(exp.optional);
    expect(r.taxQuantities).toBe(exp.tax);
    expect(r.selectedPrices!.map((p) => p.name)).toEqual(exp.names);
    const taxLine = r.selectedPrices!.find((p) => p.productType === 'touristTax');
    if (taxLine) expect(taxLine.quantity).toBe(exp.total);
  });
});

describe('addReservation / removeReservation', () => {
  const base = addReservation(emptyCart(), { id: 1 }, resa([place(2), tax()]), now);
  it.each<[string, () => Cart, Array<[number, number]>]>([
    ['new seller → new order with the reservation', () => base, [[7, 2]]],
    ['same event, start, end and slot id → replaced', () => addReservation(base, { id: 1 }, resa([place(4), tax()]), later), [[7, 4]]],
    [
      'other slot id → appended',
      () =>
        addReservation(
          base,
          { id: 1 },
          resa([place(1)], { selectedSlot: { id: 2, start: '2025-04-01T09:00:00Z', end: '2025-04-01T11:00:00Z' } }),
          later,
        ),
      [
        [7, 2],
        [7, 1],
      ],
    ],
    [
      'other end → appended',
      () =>
        addReservation(
          base,
          { id: 1 },
          resa([place(1)], { selectedSlot: { id: 1, start: '2025-04-01T09:00:00Z', end: '2025-04-01T12:00:00Z' } }),
          later,
        ),
      [
        [7, 2],
        [7, 1],
      ],
    ],
    [
      'other event → appended',
      () => addReservation(base, { id: 1 }, resa([place(1)], { eventId: 8 }), later),
      [
        [7, 2],
        [8, 1],
      ],
    ],
    ['no place at all → the matching reservation is removed', () => addReservation(base, { id: 1 }, resa([place(0)]), later), []],
    ['removeReservation removes the match', () => removeReservation(base, 1, resa([]), later), []],
  ])('%s', (_name, run, expected) => {
    const after = run();
    expect(after.orders.flatMap((o) => o.reservations.map((r) => [r.eventId, r.totalQuantity]))).toEqual(expected);
  });
  it('the replaced reservation carries recomputed tax quantities', () => {
    const after = addReservation(base, { id: 1 }, resa([place(3), option(1), tax(0)]), later);
    expect(after.orders[0].reservations[0]).toMatchObject({ totalQuantity: 3, optionalQuantities: 1, taxQuantities: 3 });
  });
});

describe('delivery, collection point, reset delivery', () => {
  const point = { id: 'p1', name: 'Cave du village', price: 3 };
  const delivery = { type: 'colissimo', ref: 12, price: 9.9, franco: { quantity: 24 } };
  it.each<[string, () => Cart, Record<string, unknown>]>([
    [
      'delivery type clears the collection point and takes its price',
      () => setDeliveryType(setCollectionPoint(cartOf(order()), 1, point, now), 1, delivery, now),
      { type: 'colissimo', ref: 12, collectionPoint: null, price: 9.9, noVAT: false, franco: { quantity: 24 } },
    ],
    [
      'collection point clears the delivery type, no VAT nor commission',
      () => setCollectionPoint(setDeliveryType(cartOf(order()), 1, delivery, now), 1, point, now),
      { type: null, ref: null, collectionPoint: point, price: 3, noVAT: true, noCommission: true },
    ],
    [
      'reset delivery clears the choice, keeps the instructions',
      () => resetDelivery(setDeliveryType(cartOf(order({ shipping: { instructions: 'Sonner' } })), 1, delivery, now), 1, now),
      { type: null, collectionPoint: null, price: null, instructions: 'Sonner' },
    ],
  ])('%s', (_name, run, expected) => {
    expect(run().orders[0].shipping).toMatchObject(expected);
  });
  it('an unknown seller leaves the cart unchanged', () => {
    const c = cartOf(order());
    expect(setDeliveryType(c, 99, delivery, now)).toBe(c);
  });
});

describe('resetLoyalty', () => {
  it.each<[string, CartOrder, { lines: string[]; orders: number }]>([
    [
      'clears loyalty data, loyalty lines and promotions',
      order({ products: [wine(), wine({ idTmp: 'f', isFromFidelity: true })], loyaltyData: { pointsToLose: 50 }, promotions: [{ id: 1 }] }),
      { lines: ['a'], orders: 1 },
    ],
    [
      'an order left with nothing is removed',
      order({ products: [wine({ idTmp: 'f', isFromFidelity: true })], loyaltyData: { pointsToLose: 10 } }),
      { lines: [], orders: 0 },
    ],
  ])('%s', (_name, o, exp) => {
    const after = resetLoyalty(cartOf(o), 1, now);
    expect(after.orders).toHaveLength(exp.orders);
    if (exp.orders) {
      expect(after.orders[0].products.map((p) => p.idTmp)).toEqual(exp.lines);
      expect(after.orders[0].loyaltyData).toBeNull();
      expect(after.orders[0].promotions).toEqual([]);
    }
  });
});

describe('loyalty offers', () => {
  const gold = { selectedLevel: 1, selectedDiscount: 0, pointsToLose: 500, offerKind: 'discount' as const };
  const gifts = { selectedLevel: 0, selectedDiscount: 1, pointsToLose: 200, offerKind: 'products' as const, maxProducts: 2 };
  const gift = (over: Partial<CartProduct> = {}) => wine({ idTmp: 'g', id: 20, chosenFormat: { id: 200 }, ...over });
  const lines = (c: Cart) => c.orders[0]?.products.map((p) => [p.idTmp, p.quantity, !!p.isFromFidelity]);

  it.each<[string, CartOrder['loyaltyData'], ReturnType<typeof loyaltySelectionOf>]>([
    ['none', undefined, null],
    ['null', null, null],
    ['an older shape (objects) is not an offer', { selectedLevel: { name: 'Or' }, selectedDiscount: { amount: 5 } }, null],
    ['a negative or fractional index is not one', { selectedLevel: -1, selectedDiscount: 0.5 }, null],
    ['indexes', { selectedLevel: 0, selectedDiscount: 2 }, { selectedLevel: 0, selectedDiscount: 2, pointsToLose: null }],
    [
      'indexes, points, kind and cap',
      { selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200, offerKind: 'products', maxProducts: 3 },
      { selectedLevel: 1, selectedDiscount: 0, pointsToLose: 200, offerKind: 'products', maxProducts: 3 },
    ],
  ])('loyaltySelectionOf: %s', (_name, loyaltyData, expected) => {
    expect(loyaltySelectionOf({ loyaltyData })).toEqual(expected);
  });

  it('loyaltyUnits counts offered units only; hasLoyalty is an offer or offered lines', () => {
    const o = order({ products: [wine({ quantity: 3 }), gift({ quantity: 2, isFromFidelity: true })] });
    expect(loyaltyUnits(o)).toBe(2);
    expect(hasLoyalty(o)).toBe(true);
    expect(hasLoyalty(order())).toBe(false);
    expect(hasLoyalty(order({ loyaltyData: gold }))).toBe(true);
    expect(hasLoyalty(order({ loyaltyData: { selectedLevel: 'Or' } }))).toBe(false);
  });

  it('setLoyaltyData stores the offer, keeps the promotion code and the paid lines, and is pure', () => {
    const before = setPromoCode(cartOf(order(), order({ seller: { id: 2 } })), 1, 'bienvenue', now);
    const snapshot = JSON.stringify(before);
    const after = setLoyaltyData(before, 1, gold, later);
    expect(after.orders[0].loyaltyData).toEqual({ ...gold, maxProducts: null });
    expect(after.orders[0].promotions).toEqual([{ code: 'BIENVENUE' }]);
    expect(lines(after)).toEqual([['a', 1, false]]);
    expect(after.orders[1]).toBe(before.orders[1]);
    expect(after.lastUpdated).toBe(later.toISOString());
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(loyaltySelectionOf(after.orders[0])).toEqual({ ...gold });
  });

  it('setLoyaltyData: same data, an unknown seller or indexes that are not ones → the same cart', () => {
    const c = setLoyaltyData(cartOf(order()), 1, gold, now);
    expect(setLoyaltyData(c, 1, { ...gold }, later)).toBe(c);
    expect(setLoyaltyData(c, 99, gifts, later)).toBe(c);
    expect(setLoyaltyData(c, 1, { ...gifts, selectedLevel: -1 }, later)).toBe(c);
  });

  it('addLoyaltyProduct adds offered units up to maxProducts, then refuses', () => {
    let c = setLoyaltyData(cartOf(order()), 1, gifts, now);
    expect(canAddLoyaltyProduct(c.orders[0])).toBe(true);
    c = addLoyaltyProduct(c, 1, gift({ quantity: 5 }), now);
    expect(lines(c)).toEqual([
      ['a', 1, false],
      ['g', 1, true],
    ]);
    c = addLoyaltyProduct(c, 1, gift({ idTmp: 'h', id: 21 }), now);
    expect(lines(c)).toEqual([
      ['a', 1, false],
      ['g', 1, true],
      ['h', 1, true],
    ]);
    expect(canAddLoyaltyProduct(c.orders[0])).toBe(false);
    expect(addLoyaltyProduct(c, 1, gift(), later)).toBe(c);
    expect(addLoyaltyProduct(c, 1, gift({ idTmp: 'i', id: 22 }), later)).toBe(c);
    // removing one unit frees a place; the same product then merges into its offered line
    c = addLoyaltyProduct(removeProduct(c, 1, 'h', now), 1, gift({ idTmp: 'x' }), now);
    expect(lines(c)).toEqual([
      ['a', 1, false],
      ['g', 2, true],
    ]);
  });

  it('addLoyaltyProduct never merges with the paid line of the same product', () => {
    const c = addLoyaltyProduct(setLoyaltyData(cartOf(order()), 1, gifts, now), 1, wine({ idTmp: 'f' }), now);
    expect(lines(c)).toEqual([
      ['a', 1, false],
      ['f', 1, true],
    ]);
  });

  it.each<[string, Cart]>([
    ['without an offer', cartOf(order())],
    ['with a discount offer', setLoyaltyData(cartOf(order()), 1, gold, now)],
    ['for an unknown seller', setLoyaltyData(cartOf(order({ seller: { id: 2 } })), 2, gifts, now)],
  ])('addLoyaltyProduct is refused %s', (_name, c) => {
    expect(addLoyaltyProduct(c, 1, gift(), later)).toBe(c);
  });

  it('choosing another offer drops the offered lines of the previous one; an order left with nothing goes', () => {
    const withGifts = addLoyaltyProduct(addLoyaltyProduct(setLoyaltyData(cartOf(order()), 1, gifts, now), 1, gift(), now), 1, gift(), now);
    expect(lines(withGifts)).toEqual([
      ['a', 1, false],
      ['g', 2, true],
    ]);
    expect(lines(setLoyaltyData(withGifts, 1, gold, later))).toEqual([['a', 1, false]]);
    expect(lines(setLoyaltyData(withGifts, 1, { ...gifts, selectedDiscount: 2 }, later))).toEqual([['a', 1, false]]);
    // the same offer with a smaller cap keeps what fits
    expect(lines(setLoyaltyData(withGifts, 1, { ...gifts, maxProducts: 1 }, later))).toEqual([
      ['a', 1, false],
      ['g', 1, true],
    ]);
    const onlyGifts = removeProduct(withGifts, 1, 'a', now);
    expect(setLoyaltyData(onlyGifts, 1, gold, later).orders).toEqual([]);
  });

  it('resetLoyalty after an offer: no offer, no offered line, the paid lines stay', () => {
    const c = addLoyaltyProduct(setLoyaltyData(cartOf(order()), 1, gifts, now), 1, gift(), now);
    const after = resetLoyalty(c, 1, later);
    expect(lines(after)).toEqual([['a', 1, false]]);
    expect(hasLoyalty(after.orders[0])).toBe(false);
  });
});

describe('clearCart', () => {
  it.each<[string, Cart, number[]]>([
    [
      'returns the ids of the saved orders only',
      cartOf(order({ id: 5 }), order({ seller: { id: 2 } }), order({ seller: { id: 3 }, id: 9 })),
      [5, 9],
    ],
    ['nothing to abort on an unsaved cart', cartOf(order()), []],
    ['empty cart', emptyCart(), []],
  ])('%s', (_name, c, ids) => {
    const { cart, abortIds } = clearCart(c, now);
    expect(abortIds).toEqual(ids);
    expect(cart).toEqual({ orders: [], lastUpdated: now.toISOString() });
  });
});

describe('setOrderId / removeOrder (placed and paid orders)', () => {
  const two = () => cartOf(order(), order({ seller: { id: 2 }, products: [wine({ idTmp: 'b' })] }));

  it('setOrderId stores the id on that seller only, the other orders are the same objects', () => {
    const before = two();
    const snapshot = JSON.stringify(before);
    const after = setOrderId(before, 2, 501, now);
    expect(after.orders.map((o) => o.id)).toEqual([undefined, 501]);
    expect(after.orders[0]).toBe(before.orders[0]);
    expect(after.orders[1]).toMatchObject({ seller: { id: 2 }, products: [{ idTmp: 'b' }] });
    expect(after.lastUpdated).toBe(now.toISOString());
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('setOrderId replaces an earlier id; the same id or an unknown seller gives back the same cart', () => {
    const placed = setOrderId(two(), 1, 40, now);
    expect(setOrderId(placed, 1, 41, later).orders.map((o) => o.id)).toEqual([41, undefined]);
    expect(setOrderId(placed, 1, 41, later).lastUpdated).toBe(later.toISOString());
    expect(setOrderId(placed, 1, 40, later)).toBe(placed);
    expect(setOrderId(placed, 99, 7, later)).toBe(placed);
  });

  it('removeOrder removes that seller only (with its id and reservations), the others stay as they were', () => {
    const before = cartOf(
      order({ id: 5, reservations: [normalizeReservation(resa([place(2)]))] }),
      order({ seller: { id: 2 }, id: 6 }),
      order({ seller: { id: 3 } }),
    );
    const snapshot = JSON.stringify(before);
    const after = removeOrder(before, 1, now);
    expect(after.orders.map((o) => o.seller.id)).toEqual([2, 3]);
    expect(after.orders[0]).toBe(before.orders[1]);
    expect(after.orders[1]).toBe(before.orders[2]);
    expect(after.lastUpdated).toBe(now.toISOString());
    expect(JSON.stringify(before)).toBe(snapshot);
    expect(removeOrder(after, 2, later)).toEqual({ orders: [before.orders[2]], lastUpdated: later.toISOString() });
  });

  it('removeOrder of an unknown seller gives back the same cart', () => {
    const c = two();
    expect(removeOrder(c, 99, now)).toBe(c);
    expect(removeOrder(emptyCart(), 1, now)).toEqual(emptyCart());
  });
});
