import type { CartPriceResponse, OrderDetail, PlaceOrderResponse } from 'shared-kernel/contracts';
import type { CartOrder } from 'shared-kernel/domain';
import { ApiError } from 'shared-kernel/runtime';
import { localTexts } from '../texts';
import type { CheckoutInput } from './checkout.schema';
import {
  confirmationOfPrevious,
  fieldErrorTargets,
  newTotalOf,
  paymentContextOf,
  placeOrderRequest,
  previousOrderStep,
  sellerPriceOf,
  undecidedFailure,
} from './place-order';

const order = (over: Partial<CartOrder> = {}): CartOrder =>
  ({
    seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
    products: [{ idTmp: 'a', id: 1, quantity: 2, productType: 'bottle', chosenFormat: { id: 11, price: 10 }, chosenVintage: null }],
    reservations: [],
    ...over,
  }) as CartOrder;

const address = {
  firstname: ' Bob ',
  lastname: 'Buyer',
  company: '',
  street: '12 rue des Vignes',
  street2: '',
  zipcode: '21000',
  city: 'Dijon',
  country: 'fr',
};
const values: CheckoutInput = {
  phone: '06 12 34 56 78',
  deliveryAddress: address,
  sameBilling: true,
  billingAddress: address,
  shipping: 'd:colissimo:colissimo',
  instructions: '  ',
  paymentMethod: 'transfer',
  acceptTerms: true,
  split: false,
  paymentGroups: [{ email: ' ami@example.com ', amount: '17,88' }],
};

describe('placeOrderRequest', () => {
  it('sends the cart order, the addresses, the delivery choice and the total the buyer saw', () => {
    const body = placeOrderRequest(
      values,
      order({ shipping: { type: 'colissimo', ref: 'colissimo', price: 9.9, collectionPoint: null, instructions: 'old' } }),
      3576,
    );
    expect(body).toEqual({
      order: {
        seller: { id: 1 },
        products: [{ idTmp: 'a', id: 1, quantity: 2, chosenFormat: { id: 11 }, chosenVintage: null }],
        reservations: [],
        // blank instructions are none, on the order as on the delivery
        shipping: { type: 'colissimo', ref: 'colissimo', collectionPoint: null, instructions: null },
      },
      deliveryAddress: { firstname: 'Bob', lastname: 'Buyer', street: '12 rue des Vignes', zipcode: '21000', city: 'Dijon', country: 'FR' },
      billingAddress: null,
      phone: '06 12 34 56 78',
      shipping: { type: 'colissimo', ref: 'colissimo', collectionPointId: null, instructions: null },
      paymentMethod: 'transfer',
      acceptTerms: true,
      expectedTotalTTC: 3576,
    });
  });

  it('a collection point is sent by its id; a billing address of its own; the payers when the payment is split', () => {
    const body = placeOrderRequest(
      { ...values, sameBilling: false, billingAddress: { ...address, company: 'Cave Bob' }, split: true, instructions: ' Sonner ' },
      order({ shipping: { type: null, ref: 'x', price: 0, collectionPoint: { id: '3', name: 'Caveau', price: 0 } } }),
      3576,
    );
    expect(body.shipping).toEqual({ type: null, ref: null, collectionPointId: 3, instructions: 'Sonner' });
    expect(body.billingAddress).toMatchObject({ firstname: 'Bob', company: 'Cave Bob' });
    expect(body.paymentGroups).toEqual([{ email: 'ami@example.com', amount: 1788 }]);
  });
});

describe('an order placed earlier for the cart', () => {
  const line = { kind: 'product', productId: 1, formatId: 11, vintageId: null, quantity: 2 } as OrderDetail['lines'][number];
  const previous = (over: Partial<OrderDetail>) =>
    ({
      id: 41,
      number: 'C2026-00041',
      status: 'pending',
      paymentStatus: 'pending',
      totalTTC: 3576,
      shop: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
      lines: [line],
      ...over,
    }) as OrderDetail;

  it('paid or validated for the same content is confirmed; for another content a new order is placed', () => {
    expect(previousOrderStep(previous({ paymentStatus: 'paid', status: 'validated' }), order())).toBe('confirm');
    expect(previousOrderStep(previous({ status: 'validated' }), order())).toBe('confirm');
    expect(previousOrderStep(previous({ paymentStatus: 'paid', status: 'validated', lines: [] }), order())).toBe('new');
  });
  it('still pending or a draft is aborted; unknown (no answer) or cancelled is left alone', () => {
    expect(previousOrderStep(previous({ status: 'pending' }), order())).toBe('abort');
    expect(previousOrderStep(previous({ status: 'draft' }), order({ products: [] }))).toBe('abort');
    expect(previousOrderStep(previous({ status: 'cancelled' }), order())).toBe('new');
    expect(previousOrderStep(null, order())).toBe('new');
  });
  it('its confirmation shows its number, total and shop', () => {
    expect(confirmationOfPrevious(previous({}))).toEqual({
      kind: 'order',
      orderNumber: 'C2026-00041',
      amount: 3576,
      shopName: 'Domaine de Démo',
      shopPath: '/domaine-demo',
    });
  });
});

describe('answers of the api', () => {
  it("reads the 409's new total wherever the api puts it", () => {
    expect(newTotalOf({ code: 'priceChanged', price: { sellerId: 1, price: { totalTTC: 3700 } } })).toBe(3700);
    expect(newTotalOf({ price: { totalTTC: 3800 } })).toBe(3800);
    expect(newTotalOf({ newTotalTTC: 3900 })).toBe(3900);
    expect(newTotalOf({ price: { price: { totalTTC: 37.5 } } })).toBeNull();
    expect(newTotalOf(undefined)).toBeNull();
  });
  it("finds the seller's price, else the first one", () => {
    const data = [
      { sellerId: 2, price: { totalTTC: 100 } },
      { sellerId: 1, price: { totalTTC: 200 } },
    ] as unknown as CartPriceResponse;
    expect(sellerPriceOf(data, 1)?.price.totalTTC).toBe(200);
    expect(sellerPriceOf(data, 9)?.price.totalTTC).toBe(100);
    expect(sellerPriceOf(undefined, 1)).toBeUndefined();
  });
  it('no definitive answer (network, 5xx, not the api) keeps the key; a 4xx is an answer', () => {
    expect(undecidedFailure(new ApiError(0, 'offline'))).toBe('network');
    expect(undecidedFailure(new ApiError(502, 'bad gateway'))).toBe('server');
    expect(undecidedFailure(new TypeError('boom'))).toBe('server');
    expect(undecidedFailure(new ApiError(400, 'bad'))).toBeNull();
    expect(undecidedFailure(new ApiError(409, 'priceChanged'))).toBeNull();
  });
});

describe('where the problems of a 400 go', () => {
  const fields = [
    { field: 'phone', message: 'p' },
    { field: 'billingAddress.city', message: 'c' },
    { field: 'paymentGroups', message: 'g' },
  ] as const;
  it('on their input, focused; the payers under their list', () => {
    expect(fieldErrorTargets([...fields], false)).toEqual([
      { name: 'phone', message: 'p', focus: true },
      { name: 'billingAddress.city', message: 'c', focus: true },
      { name: 'paymentGroups.root', message: 'g', focus: true },
    ]);
  });
  it('a billing problem while billing is the delivery address goes on the delivery input', () => {
    expect(fieldErrorTargets([fields[1]], true)).toEqual([{ name: 'deliveryAddress.city', message: 'c', focus: false }]);
  });
});

describe('paymentContextOf', () => {
  const placed = { id: 501, number: 'DOMDEM-000042', totalTTC: 3576, shop: { id: 1, name: 'Domaine', urlShop: 'domaine' } };
  it("keeps the placed order's number, total and shop for the payment step", () => {
    expect(paymentContextOf(placed as PlaceOrderResponse['order'], order(), localTexts('fr'))).toEqual({
      kind: 'order',
      orderId: 501,
      orderNumber: 'DOMDEM-000042',
      sellerId: 1,
      shopName: 'Domaine',
      shopPath: '/domaine',
      amount: 3576,
    });
  });
  it("falls back on the cart's seller when the answer has no shop", () => {
    const ctx = paymentContextOf({ ...placed, shop: undefined } as unknown as PlaceOrderResponse['order'], order(), localTexts('fr'));
    expect(ctx).toMatchObject({ shopName: 'Domaine de Démo', shopPath: '/domaine-demo' });
  });
});
