import { CART_MESSAGES, type User } from 'shared-kernel/contracts';
import type { CartOrder } from 'shared-kernel/domain';
import { MESSAGES } from 'shared-kernel/validation';
import {
  checkoutDefaults,
  checkoutSchema,
  checkoutStep,
  hasEmptyRequired,
  parseEuros,
  payersSum,
  sharesMatchTotal,
  shippingValue,
  type CheckoutValues,
} from './checkout.schema';

const address = {
  firstname: 'Bob',
  lastname: 'Buyer',
  company: '',
  street: '12 rue des Vignes',
  street2: '',
  zipcode: '21000',
  city: 'Dijon',
  country: 'FR',
};
const empty = { ...address, firstname: '', lastname: '', street: '', zipcode: '', city: '' };
const ready: CheckoutValues = {
  phone: ' 06 12 34 56 78 ',
  deliveryAddress: address,
  sameBilling: true,
  billingAddress: empty,
  shipping: 'd:colissimo:colissimo',
  instructions: '',
  paymentMethod: 'transfer',
  acceptTerms: true,
  split: false,
  paymentGroups: [],
};

/** The messages of the form's problems by input path. */
function problems(values: CheckoutValues, needsDelivery = true): Record<string, string> {
  const r = checkoutSchema({ needsDelivery }).safeParse(values);
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('checkoutSchema', () => {
  it('accepts a filled form and trims the phone it submits', () => {
    const r = checkoutSchema({ needsDelivery: true }).safeParse(ready);
    expect(r.success).toBe(true);
    expect(r.data?.phone).toBe('06 12 34 56 78');
  });

  it('phone: the checkout message when empty, the §5 one when it is not a number', () => {
    expect(problems({ ...ready, phone: '  ' })).toEqual({ phone: CART_MESSAGES.phone });
    expect(problems({ ...ready, phone: '12' })).toEqual({ phone: MESSAGES.telephone });
  });

  it("delivery address: the contract's required fields and a postcode", () => {
    expect(problems({ ...ready, deliveryAddress: { ...address, firstname: '  ', zipcode: '' } })).toEqual({
      'deliveryAddress.firstname': MESSAGES.needed,
      'deliveryAddress.zipcode': MESSAGES.needed,
    });
    expect(problems({ ...ready, deliveryAddress: { ...address, zipcode: '21_000' } })).toEqual({
      'deliveryAddress.zipcode': MESSAGES.postal,
    });
    expect(problems({ ...ready, deliveryAddress: { ...address, country: '' } })).toEqual({ 'deliveryAddress.country': MESSAGES.needed });
  });

  it('billing address: checked only when it is not the delivery one, even while the terms are unticked', () => {
    expect(problems({ ...ready, sameBilling: true, billingAddress: empty })).toEqual({});
    const separate = problems({ ...ready, sameBilling: false, billingAddress: empty, acceptTerms: false });
    expect(separate).toMatchObject({
      'billingAddress.firstname': MESSAGES.needed,
      'billingAddress.street': MESSAGES.needed,
      'billingAddress.city': MESSAGES.needed,
      acceptTerms: MESSAGES.terms,
    });
    expect(problems({ ...ready, sameBilling: false, billingAddress: address })).toEqual({});
  });

  it('a delivery method is required when there are products to ship', () => {
    expect(problems({ ...ready, shipping: '' })).toEqual({ shipping: CART_MESSAGES.deliveryMethod });
    expect(problems({ ...ready, shipping: '' }, false)).toEqual({});
  });

  it('a payment method and the terms are required', () => {
    expect(problems({ ...ready, paymentMethod: '', acceptTerms: false })).toEqual({
      paymentMethod: CART_MESSAGES.paymentMethod,
      acceptTerms: MESSAGES.terms,
    });
  });

  it("payers: each one's e-mail and amount, only when the payment is split", () => {
    const payers = [
      { email: 'buyer@demo.test', amount: '17,88' },
      { email: 'ami@', amount: '0' },
    ];
    expect(problems({ ...ready, split: false, paymentGroups: payers })).toEqual({});
    expect(problems({ ...ready, split: true, paymentGroups: payers })).toEqual({
      'paymentGroups.1.email': MESSAGES.email,
      'paymentGroups.1.amount': MESSAGES.number,
    });
  });
});

describe('payers and the total', () => {
  it('adds the shares in cents, an amount that is not one counting 0', () => {
    expect(payersSum([{ amount: '17,88' }, { amount: '17.9' }, { amount: 'abc' }, undefined])).toBe(3578);
    expect(parseEuros('1 234,50')).toBe(123450);
    expect(parseEuros('12,345')).toBeNaN();
  });
  it('the shares must add up to the total when the payment is split', () => {
    const groups = [
      { email: 'a@b.fr', amount: '17,88' },
      { email: 'c@d.fr', amount: '10' },
    ];
    expect(sharesMatchTotal({ split: true, paymentGroups: groups }, 3576)).toBe(false);
    expect(sharesMatchTotal({ split: true, paymentGroups: groups }, 2788)).toBe(true);
    expect(sharesMatchTotal({ split: false, paymentGroups: groups }, 3576)).toBe(true);
  });
});

describe('progress of the form', () => {
  it('the submit waits for every required input', () => {
    expect(hasEmptyRequired(ready, true)).toBe(false);
    expect(hasEmptyRequired({ ...ready, phone: ' ' }, true)).toBe(true);
    expect(hasEmptyRequired({ ...ready, sameBilling: false }, true)).toBe(true);
    expect(hasEmptyRequired({ ...ready, shipping: '' }, true)).toBe(true);
    expect(hasEmptyRequired({ ...ready, shipping: '' }, false)).toBe(false);
    expect(hasEmptyRequired({ ...ready, paymentMethod: '' }, true)).toBe(true);
    expect(hasEmptyRequired({ ...ready, acceptTerms: false }, true)).toBe(true);
    expect(hasEmptyRequired({ ...ready, split: true, paymentGroups: [{ email: 'a@b.fr', amount: ' ' }] }, true)).toBe(true);
    // filled but wrong is for the messages, not for the button
    expect(hasEmptyRequired({ ...ready, phone: '12' }, true)).toBe(false);
  });
  it('the steps bar follows the first step not done', () => {
    expect(checkoutStep({ ...ready, deliveryAddress: { ...address, city: '' } }, true)).toBe(0);
    expect(checkoutStep({ ...ready, shipping: '' }, true)).toBe(1);
    expect(checkoutStep({ ...ready, shipping: '' }, false)).toBe(2);
    expect(checkoutStep({ ...ready, paymentMethod: '' }, true)).toBe(2);
  });
});

describe('checkoutDefaults', () => {
  const order = (shipping?: CartOrder['shipping']) => ({ seller: { id: 1 }, products: [], reservations: [], shipping }) as CartOrder;
  const user = {
    id: 9,
    firstname: 'Bob',
    lastname: 'Buyer',
    deliveryAddress: {
      name: 'Bob Buyer',
      street_number: '12',
      street: 'rue des Vignes',
      zipcode: '21000',
      city: 'Dijon',
      country: 'France',
      phone: '0612345678',
    },
  } as unknown as User;

  it("prefills the buyer's address and phone; billing is the delivery address without one of its own", () => {
    const v = checkoutDefaults(order(), user);
    expect(v.deliveryAddress).toEqual({ ...address, country: 'FR' });
    expect(v.phone).toBe('0612345678');
    expect(v.sameBilling).toBe(true);
    expect(v.billingAddress).toEqual(v.deliveryAddress);
  });
  it('a billing address of its own is kept apart', () => {
    const v = checkoutDefaults(order(), { ...user, billingAddress: { ...user.deliveryAddress!, city: 'Beaune' } } as User);
    expect(v.sameBilling).toBe(false);
    expect(v.billingAddress.city).toBe('Beaune');
  });
  it("takes the cart order's delivery choice and instructions; nobody signed in → empty, France", () => {
    const v = checkoutDefaults(order({ type: 'colissimo', ref: 'c1', price: 9.9, collectionPoint: null, instructions: 'Sonner' }), null);
    expect(v).toMatchObject({ shipping: 'd:colissimo:c1', instructions: 'Sonner', phone: '', paymentMethod: '', acceptTerms: false });
    expect(v.deliveryAddress).toMatchObject({ firstname: '', country: 'FR' });
    expect(shippingValue(order({ type: null, collectionPoint: { id: 3, name: 'Caveau', price: 0 } }))).toBe('c:3');
  });
});
