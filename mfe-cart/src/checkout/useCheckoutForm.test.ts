import type { ResolverOptions } from 'react-hook-form';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import { MESSAGES } from 'shared-kernel/validation';
import { checkoutSchema, type CheckoutValues } from './checkout.schema';
import { checkoutResolver } from './useCheckoutForm';

const address = {
  firstname: 'Bob',
  lastname: 'Buyer',
  company: '',
  street: '1 rue',
  street2: '',
  zipcode: '21000',
  city: 'Dijon',
  country: 'FR',
};
const values: CheckoutValues = {
  phone: '',
  deliveryAddress: { ...address, city: ' ' },
  sameBilling: true,
  billingAddress: address,
  shipping: 'c:3',
  instructions: '',
  paymentMethod: 'transfer',
  acceptTerms: true,
  split: true,
  paymentGroups: [{ email: '', amount: '' }],
};
const options = (names?: string[]) => ({ names, fields: {}, shouldUseNativeValidation: false }) as ResolverOptions<CheckoutValues>;

describe('checkoutResolver', () => {
  const shown = { root: { type: 'server', message: 'Payeur inconnu' } };
  const resolve = checkoutResolver(checkoutSchema({ needsDelivery: true }), () => shown);

  it("puts the schema's message under each input", async () => {
    const { errors } = await resolve(values, undefined, options());
    expect(errors.phone?.message).toBe(CART_MESSAGES.phone);
    expect(errors.deliveryAddress?.city?.message).toBe(MESSAGES.needed);
    expect(errors.paymentGroups?.[0]?.email?.message).toBe(MESSAGES.email);
    expect(errors.paymentGroups?.[0]?.amount?.message).toBe(MESSAGES.number);
  });

  it('submits the output of the schema', async () => {
    const ok = { ...values, phone: '06 12 34 56 78 ', deliveryAddress: address, split: false };
    const result = await resolve(ok, undefined, options());
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ phone: '06 12 34 56 78', acceptTerms: true });
  });

  it('a payer added or removed leaves the messages the list shows', async () => {
    const { errors } = await resolve(values, undefined, options(['paymentGroups']));
    expect(errors).toEqual({ paymentGroups: shown });
  });
});
