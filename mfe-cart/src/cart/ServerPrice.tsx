// Issue 18: a seller order holding a promotion code or a loyalty offer is priced by the server (the browser's engine
// knows neither): get-cart-price applies them, or says in French why not (problems on `promoCode` / `loyaltyData`).
import { useEffect } from 'react';
import type { CartPriceSellerResult, CartProblem } from 'shared-kernel/contracts';
import { hasLoyalty, promoCodeOf, type CartOrder, type SellerPriceResult } from 'shared-kernel/domain';
import { useServerPrice } from '../checkout/checkout.queries';

export interface ServerPriced {
  /** the server's price (undefined while it comes) */
  result: SellerPriceResult | undefined;
  /** the server's reason for refusing the promotion code */
  problem: string | undefined;
  /** the server's reasons for refusing the loyalty offer or an offered line */
  loyaltyProblems: string[];
  pending: boolean;
}

/** Whether the order's price is the server's: a promotion code, a loyalty offer or offered lines. */
export const needsServerPrice = (order: CartOrder): boolean => promoCodeOf(order) !== null || hasLoyalty(order);

/** The problems that concern the loyalty offer: on `loyaltyData`, or on one of the offered lines. */
export function loyaltyProblemsOf(problems: readonly CartProblem[], order: CartOrder): string[] {
  const offered = new Set(order.products.filter((p) => p.isFromFidelity).map((p) => p.idTmp));
  const out: string[] = [];
  for (const p of problems) {
    const onOffer = p.field === 'loyaltyData' || p.field.startsWith('loyaltyData.');
    if ((onOffer || (p.idTmp !== undefined && offered.has(p.idTmp))) && !out.includes(p.message)) out.push(p.message);
  }
  return out;
}

const NONE: string[] = [];

/**
 * Reads the server's price of a seller order (see needsServerPrice) and reports it; renders nothing, so the order's own
 * tree (and an open checkout form) stays mounted when a code or an offer comes or goes.
 */
export function ServerPriceProbe({
  order,
  onChange,
  onResult,
}: {
  order: CartOrder;
  onChange(priced: ServerPriced | null): void;
  onResult?(sellerId: number, result: SellerPriceResult | null): void;
}) {
  const q = useServerPrice(order);
  const server = q.isPlaceholderData
    ? undefined
    : (q.data?.find((r) => r.sellerId === order.seller.id) as CartPriceSellerResult | undefined);
  const result = server as unknown as SellerPriceResult | undefined;
  const problems = server?.problems;
  const problem = problems?.find((p) => p.field === 'promoCode')?.message;
  // a string, so that the effect below runs when the messages change, not on every render
  const loyaltyKey = JSON.stringify(problems ? loyaltyProblemsOf(problems, order) : NONE);
  const pending = q.isFetching;
  const sellerId = order.seller.id;
  useEffect(() => {
    const loyaltyProblems = JSON.parse(loyaltyKey) as string[];
    onChange({ result, problem, loyaltyProblems: loyaltyProblems.length ? loyaltyProblems : NONE, pending });
    onResult?.(sellerId, result ?? null);
  }, [onChange, onResult, sellerId, result, problem, loyaltyKey, pending]);
  useEffect(
    () => () => {
      onChange(null);
      onResult?.(sellerId, null);
    },
    [onChange, onResult, sellerId],
  );
  return null;
}
