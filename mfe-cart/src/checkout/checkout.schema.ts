// The checkout form: its values, their defaults (the buyer's saved address, the cart's delivery choice) and the zod
// schema that validates them with the §5 messages of shared-kernel/validation and CART_MESSAGES. A delivery method
// is required only when there are products to ship, so the schema is built for the order:
// `checkoutSchema({ needsDelivery })`. The payers' shares are checked against the server's total when the form is
// sent (`sharesMatchTotal`): that total is server data, not an input.
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { CART_MESSAGES, checkoutAddressSchema, type CheckoutPaymentMethod, type User } from 'shared-kernel/contracts';
import { toCents, type CartOrder } from 'shared-kernel/domain';
import { MESSAGES, schemas } from 'shared-kernel/validation';
import { addressFromUser, isAddressComplete, type AddressValues } from './fields';

/** '12,50' / '12.5' → 1250 cents; invalid → NaN. */
export function parseEuros(value: string): number {
  const v = value.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return Number.NaN;
  return toCents(Number(v));
}

/** The shipping choice of a cart order as the radio value: 'd:<type>:<ref>' delivery type, 'c:<id>' collection point, '' none. */
export function shippingValue(order: CartOrder): string {
  const s = order.shipping;
  if (s?.collectionPoint) return `c:${String(s.collectionPoint.id)}`;
  if (s?.type) return `d:${s.type}:${s.ref ?? ''}`;
  return '';
}

const shape = checkoutAddressSchema.shape;

/** An address block: the contract's required fields (company and second street line are free). */
export const addressSchema = z.object({
  firstname: shape.firstname,
  lastname: shape.lastname,
  company: z.string(),
  street: shape.street,
  street2: z.string(),
  zipcode: shape.zipcode.pipe(schemas.postal),
  city: shape.city,
  country: shape.country,
}) satisfies z.ZodType<unknown, AddressValues>;

/** An address block that is not checked (the billing address while it is the delivery one). */
const anyAddress = z.object({
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  street: z.string(),
  street2: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
});

const payer = z.object({ email: z.string(), amount: z.string() });
const checkedPayer = z.object({
  email: schemas.email,
  amount: z.string().refine((v) => parseEuros(v) > 0, { error: MESSAGES.number }),
});

/** The sum of the payers' shares in cents (an amount that is not one counts 0). */
export function payersSum(groups: ReadonlyArray<{ amount?: string } | undefined> | undefined): number {
  return (groups ?? []).reduce((n, g) => {
    const cents = parseEuros(g?.amount ?? '');
    return n + (Number.isNaN(cents) ? 0 : cents);
  }, 0);
}

/** The payers' shares add up to the server's total (cents); always true when the payment is not split. */
export function sharesMatchTotal(values: Pick<CheckoutValues, 'split' | 'paymentGroups'>, total: number): boolean {
  return !values.split || payersSum(values.paymentGroups) === total;
}

export interface CheckoutSchemaContext {
  /** products to ship: a delivery method must be chosen */
  needsDelivery: boolean;
}

export function checkoutSchema({ needsDelivery }: CheckoutSchemaContext) {
  const required = (message: string) => z.string().refine((v) => v !== '', { error: message });
  return z
    .object({
      phone: z.string().trim().min(1, { error: CART_MESSAGES.phone }).pipe(schemas.telephone),
      deliveryAddress: addressSchema,
      sameBilling: z.boolean(),
      billingAddress: anyAddress,
      shipping: needsDelivery ? required(CART_MESSAGES.deliveryMethod) : z.string(),
      instructions: z.string(),
      paymentMethod: z
        .custom<CheckoutPaymentMethod | ''>((v) => typeof v === 'string')
        .refine((v) => v !== '', { error: CART_MESSAGES.paymentMethod }),
      acceptTerms: z.boolean().pipe(schemas.terms),
      split: z.boolean(),
      paymentGroups: z.array(payer),
    })
    .superRefine(
      (v, ctx) => {
        const nested = (prefix: Array<string | number>, result: z.ZodSafeParseResult<unknown>) => {
          for (const issue of result.error?.issues ?? [])
            ctx.addIssue({ code: 'custom', message: issue.message, path: [...prefix, ...issue.path] });
        };
        if (!v.sameBilling) nested(['billingAddress'], addressSchema.safeParse(v.billingAddress));
        if (v.split) (v.paymentGroups ?? []).forEach((g, i) => nested(['paymentGroups', i], checkedPayer.safeParse(g)));
      },
      // unticked terms are an aborting issue: the billing address and the payers are still checked (on blur too)
      { when: () => true },
    );
}

export type CheckoutSchema = ReturnType<typeof checkoutSchema>;
/** What the inputs hold. */
export type CheckoutValues = z.input<CheckoutSchema>;
/** What a valid form submits. */
export type CheckoutInput = z.output<CheckoutSchema>;

/**
 * Where a message about the payers as a whole goes (their sum, a server problem): the list's root error, which
 * react-hook-form keeps when a payer is added or removed.
 */
export const PAYERS_ERROR = 'paymentGroups.root' as FieldPath<CheckoutValues>;

/** The form's first values: the buyer's saved addresses and phone, the cart order's delivery choice and instructions. */
export function checkoutDefaults(order: CartOrder, user: User | null): CheckoutValues {
  const delivery = addressFromUser(user, user?.deliveryAddress);
  const billing = user?.billingAddress ? addressFromUser(user, user.billingAddress) : delivery;
  const sameBilling = !user?.billingAddress || JSON.stringify(billing) === JSON.stringify(delivery);
  return {
    phone: user?.deliveryAddress?.phone ?? user?.billingAddress?.phone ?? '',
    deliveryAddress: delivery,
    sameBilling,
    billingAddress: billing,
    shipping: shippingValue(order),
    instructions: typeof order.shipping?.instructions === 'string' ? order.shipping.instructions : '',
    paymentMethod: '',
    acceptTerms: false,
    split: false,
    paymentGroups: [],
  };
}

/** Values as useWatch gives them while the form mounts (any part may be missing). */
type Watched = Partial<Omit<CheckoutValues, 'paymentGroups'>> & { paymentGroups?: Array<Partial<CheckoutValues['paymentGroups'][number]>> };

const contactDone = (v: Watched) =>
  !!v.phone?.trim() &&
  !!v.deliveryAddress &&
  isAddressComplete(v.deliveryAddress) &&
  (!!v.sameBilling || (!!v.billingAddress && isAddressComplete(v.billingAddress)));

/** A required input is still empty: the submit stays disabled (an input filled but wrong shows its message on submit). */
export function hasEmptyRequired(v: Watched, needsDelivery: boolean): boolean {
  return (
    !contactDone(v) ||
    (needsDelivery && !v.shipping) ||
    !v.paymentMethod ||
    !v.acceptTerms ||
    (!!v.split && (v.paymentGroups ?? []).some((g) => !g?.email?.trim() || !g?.amount?.trim()))
  );
}

/** The step the buyer is at (0 contact, 1 delivery, 2 payment), for the steps bar. */
export function checkoutStep(v: Watched, needsDelivery: boolean): 0 | 1 | 2 {
  if (!contactDone(v)) return 0;
  return needsDelivery && !v.shipping ? 1 : 2;
}
