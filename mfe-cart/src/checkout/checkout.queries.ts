// The cart's data (one query module): keys from the kit's factory, scoped by the viewer (a master account
// switches users in the same page), and one hook per read. Writes (place, pay, 3-D Secure) stay in ./api.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartOrder } from 'shared-kernel/domain';
import { createQueryKeys, useQueryKeys } from 'shared-kernel/kit';
import { ApiError } from 'shared-kernel/runtime';
import { checkoutApi, toOrderInput } from './api';

/** How often the payment step asks the api for a payment's state while it is processing. */
export const PAYMENT_POLL_MS = 2000;

export const checkoutOptionKeys = createQueryKeys<never, number>('cart', 'checkout-options');
export const serverPriceKeys = createQueryKeys<string, never>('cart', 'server-price');
export const shopEventKeys = createQueryKeys<never, number>('cart', 'events');
export const paymentKeys = createQueryKeys<never, number>('cart', 'payment');
export const paymentGroupKeys = createQueryKeys<never, string>('cart', 'payment-group');
export const paymentOptionKeys = createQueryKeys<never, number>('cart', 'payment-options');
export const loyaltyKeys = createQueryKeys<never, number>('cart', 'loyalty');

/** A seller's delivery types, collection points, payment methods, rules and terms. */
export function useCheckoutOptions(sellerId: number) {
  const keys = useQueryKeys(checkoutOptionKeys);
  return useQuery({ queryKey: keys.detail(sellerId), queryFn: () => checkoutApi.options(sellerId), staleTime: 60_000, retry: 1 });
}

/** Whether the seller can be paid online (stripeIsActive) and by PayPal; unknown (no filtering) while it fails. */
export function usePaymentOptions(sellerId: number) {
  const keys = useQueryKeys(paymentOptionKeys);
  return useQuery({
    queryKey: keys.detail(sellerId),
    queryFn: () => checkoutApi.paymentOptions(sellerId),
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * The server's price of one seller's order (authoritative), the previous answer kept while the next one comes;
 * `country` (the delivery address's) prices the delivery type at the rate of its zone.
 */
export function useServerPrice(order: CartOrder, country?: string | null) {
  const keys = useQueryKeys(serverPriceKeys);
  const orderKey = JSON.stringify(toOrderInput(order, country));
  return useQuery({
    queryKey: keys.list(orderKey),
    queryFn: () => checkoutApi.price(order, country),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
}

/**
 * The logged-in buyer's loyalty standing at a shop (points, levels and their offers), null when the shop has
 * no active programme; call it for a logged-in buyer only (a 401 logs the session out).
 */
export function useLoyaltyView(shopId: number) {
  const keys = useQueryKeys(loyaltyKeys);
  return useQuery({ queryKey: keys.detail(shopId), queryFn: () => checkoutApi.loyalty(shopId), staleTime: 60_000, retry: false });
}

/** A seller's public events (the reservation picker). */
export function useShopEvents(sellerId: number) {
  const keys = useQueryKeys(shopEventKeys);
  return useQuery({ queryKey: keys.detail(sellerId), queryFn: () => checkoutApi.events(sellerId), staleTime: 60_000, retry: 1 });
}

/** A payment's state: polled while `poll` (the payment step), read once otherwise (the 3-D Secure page). */
export function usePayment(id: number, opts: { groupToken?: string; enabled?: boolean; poll?: boolean }) {
  const keys = useQueryKeys(paymentKeys);
  return useQuery({
    queryKey: [...keys.detail(id), opts.poll ? 'poll' : 'once'],
    queryFn: () => checkoutApi.payment(id, opts.groupToken),
    enabled: opts.enabled ?? true,
    ...(opts.poll ? { refetchInterval: PAYMENT_POLL_MS, refetchIntervalInBackground: true, retry: true } : { retry: 1 }),
    gcTime: 0,
  });
}

/** A grouped-order payer's share, by the token of their link (a 4xx is an answer: not retried). */
export function usePaymentGroup(token: string) {
  const keys = useQueryKeys(paymentGroupKeys);
  return useQuery({
    queryKey: keys.detail(token),
    queryFn: () => checkoutApi.group(token),
    enabled: !!token,
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
}
