/** Spec §5 cart checks run by the server when an order is placed (the rebuild adds product / stock / places problems). */
import {
  CART_MESSAGES,
  checkoutAddressSchema,
  type CartProblem,
  type CheckoutAddress,
  type CheckoutPaymentMethod,
  type DeliveryTypeOption,
} from 'shared-kernel/contracts';
import { formatCents, servesCountry, toCents } from 'shared-kernel/domain';
import { telephone } from 'shared-kernel/validation';
import type { UserRow } from '../../platform/db/tables';
import type { BuiltOrder } from './orders.pricing';

export interface CheckInput {
  deliveryAddress: unknown;
  billingAddress?: unknown;
  phone: string;
  paymentMethod: CheckoutPaymentMethod | null;
  acceptTerms: boolean;
  paymentGroups?: Array<{ email: string; amount: number }>;
}

export interface CheckResult {
  problems: CartProblem[];
  deliveryAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
}

function parseAddress(raw: unknown, field: string, problems: CartProblem[], sellerId: number): CheckoutAddress | null {
  if (raw == null) return null;
  const r = checkoutAddressSchema.safeParse(raw);
  if (r.success) return r.data;
  const seen = new Set<string>();
  for (const issue of r.error.issues) {
    const f = `${field}.${issue.path.map(String).join('.')}`;
    if (seen.has(f)) continue;
    seen.add(f);
    problems.push({ field: f, message: issue.message, sellerId });
  }
  return null;
}

const known = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

export function runCheckoutChecks(built: BuiltOrder, input: CheckInput, user: UserRow): CheckResult {
  const sellerId = built.shop.id;
  const problems: CartProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message, sellerId });
  const hasProducts = built.cartOrder.products.length > 0;
  const hasLines = hasProducts || built.cartOrder.reservations.length > 0;

  if (!hasLines && built.problems.length === 0) add('order', CART_MESSAGES.emptyOrder);
  problems.push(...built.problems);

  // addresses (§5: first name, last name, street, zipcode, city, country)
  const deliveryAddress = parseAddress(input.deliveryAddress, 'deliveryAddress', problems, sellerId);
  const billingAddress = input.billingAddress == null ? null : parseAddress(input.billingAddress, 'billingAddress', problems, sellerId);
  if (built.delivery && input.deliveryAddress == null) add('deliveryAddress', CART_MESSAGES.deliveryAddress);

  // phone
  const phone = input.phone.trim();
  if (!phone) add('phone', CART_MESSAGES.phone);
  else {
    const ok = telephone(phone);
    if (ok !== true) add('phone', ok);
  }

  // information completion: the buyer's names from the profile or the billing address
  const names = billingAddress ?? deliveryAddress;
  if (!(known(user.firstname) && known(user.lastname)) && !(names && known(names.firstname) && known(names.lastname))) {
    add('information', CART_MESSAGES.informationCompletion);
  }

  // per-shop rules
  const rules = built.settings.rules;
  const units = built.cartOrder.products.reduce((n, p) => n + p.quantity, 0);
  if (hasProducts) {
    if (rules.minAmountHT != null && built.priced.price.productsHT < toCents(rules.minAmountHT))
      add('order', CART_MESSAGES.shopMinAmount(formatCents(toCents(rules.minAmountHT))));
    if (rules.minQuantity != null && units < rules.minQuantity) add('order', CART_MESSAGES.shopMinQuantity(rules.minQuantity));
    if (rules.maxQuantity != null && units > rules.maxQuantity) add('order', CART_MESSAGES.shopMaxQuantity(rules.maxQuantity));
    if (rules.multipleOf != null && rules.multipleOf > 1 && units % rules.multipleOf !== 0)
      add('order', CART_MESSAGES.shopMultiple(rules.multipleOf));
  }

  // delivery method (required when the order has products) and availability for the address
  const country =
    deliveryAddress?.country?.toUpperCase() ??
    (typeof (input.deliveryAddress as { country?: unknown } | null)?.country === 'string'
      ? String((input.deliveryAddress as { country: string }).country).toUpperCase()
      : null);
  // a delivery type is offered where one of its zones serves the country (settings section `delivery`)
  const serves = (d: DeliveryTypeOption) => servesCountry(d, country);
  if (hasProducts) {
    const anyForAddress = built.settings.deliveryTypes.some(serves) || built.settings.collectionPoints.length > 0;
    if (country && !anyForAddress) add('shipping', CART_MESSAGES.noDeliveryMethod);
    else if (!built.delivery && !built.collectionPoint) add('shipping', CART_MESSAGES.deliveryMethod);
    else if (built.delivery && country && !serves(built.delivery)) add('shipping', CART_MESSAGES.noDeliveryMethod);
  }

  // payment method: required and offered by the shop; PayPal is offered by the shop's PayPal keys, whatever its list
  // (the payments module refuses it, naming the field, when the shop has none)
  if (!input.paymentMethod || (input.paymentMethod !== 'paypal' && !built.settings.paymentMethods.includes(input.paymentMethod)))
    add('paymentMethod', CART_MESSAGES.paymentMethod);

  // grouped order
  if (input.paymentGroups?.length) {
    if (!built.settings.groupedOrders) add('paymentGroups', ORDER_CHECK_MESSAGES.groupedNotOffered);
    else {
      const sum = input.paymentGroups.reduce((n, g) => n + g.amount, 0);
      if (sum !== built.priced.price.totalTTC) add('paymentGroups', CART_MESSAGES.paymentGroupsTotal);
      const emails = input.paymentGroups.map((g) => g.email.trim().toLowerCase());
      if (new Set(emails).size !== emails.length) add('paymentGroups', ORDER_CHECK_MESSAGES.groupedDuplicate);
    }
  }

  if (!input.acceptTerms) add('acceptTerms', CART_MESSAGES.terms);
  return { problems, deliveryAddress, billingAddress };
}

export const ORDER_CHECK_MESSAGES = {
  groupedNotOffered: 'Ce domaine ne propose pas la commande groupée',
  groupedDuplicate: "Chaque participant ne peut apparaître qu'une fois",
} as const;
