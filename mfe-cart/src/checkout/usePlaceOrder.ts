// Placing the checkout's order (POST /v1/orders) once, whatever the buyer or the network does: one Idempotency-Key
// per attempt (kept after an answer that is not definitive, so the retry cannot create a second order), an order
// placed earlier for the cart aborted or, paid meanwhile, confirmed; a 409 priceChanged asks the buyer to confirm the
// new total; a 400's problems go on their field, their cart line or the order box. The placed order is stored on the
// cart order and the payment step gets its context.
import { useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { CART_MESSAGES, type CartPriceResponse, type PaymentResult } from 'shared-kernel/contracts';
import type { CartOrder } from 'shared-kernel/domain';
import { ApiError, notify, useCart } from 'shared-kernel/runtime';
import type { ConfirmationData } from '../payment/Confirmation';
import { setCartOrderId, type PendingPayment } from '../payment/pending';
import { useTexts } from '../texts';
import { checkoutApi, newIdempotencyKey } from './api';
import type { CheckoutInput, CheckoutValues } from './checkout.schema';
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
import { problemsOf, sortProblems, type SortedProblems } from './problems';

export type LineProblems = Pick<SortedProblems, 'lines' | 'reservations'>;

/** The order is placed and has a payment to make. */
export interface Paying {
  payment: PaymentResult;
  ctx: Omit<PendingPayment, 'paymentId'>;
  grouped: boolean;
}

/** The server's total moved since the buyer saw it: the form is resent at `next` once the buyer confirms. */
export interface PriceChange {
  old: number;
  next: number;
  values: CheckoutInput;
}

export interface PlaceOrderOptions {
  order: CartOrder;
  form: Pick<UseFormReturn<CheckoutValues, unknown, CheckoutInput>, 'setError' | 'getValues'>;
  /** the server's price of the order (useServerPrice): read again on a 409, its 400 problems shown */
  price: Pick<UseQueryResult<CartPriceResponse>, 'error' | 'refetch'>;
  onLineProblems(p: LineProblems): void;
  onConfirmed(sellerId: number, data: ConfirmationData): void;
}

export function usePlaceOrder({ order, form, price, onLineProblems, onConfirmed }: PlaceOrderOptions) {
  const sellerId = order.seller.id;
  const texts = useTexts();
  const keyRef = useRef<string | null>(null);
  const inFlight = useRef(false);
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [paying, setPaying] = useState<Paying | null>(null);

  // problems found when pricing (a product no longer available, stock…) show on the lines right away
  useEffect(() => {
    if (price.error instanceof ApiError && price.error.status === 400) {
      const sorted = sortProblems(problemsOf(price.error));
      onLineProblems({ lines: sorted.lines, reservations: sorted.reservations });
      setGeneral(sorted.general.concat(sorted.fields.map((f) => f.message)));
    }
  }, [price.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const showProblems = (sorted: SortedProblems) => {
    for (const t of fieldErrorTargets(sorted.fields, form.getValues('sameBilling'))) {
      form.setError(t.name, { type: 'server', message: t.message }, t.focus ? { shouldFocus: true } : undefined);
    }
    onLineProblems({ lines: sorted.lines, reservations: sorted.reservations });
    setGeneral(sorted.general);
  };

  const finish = () => {
    inFlight.current = false;
    setPlacing(false);
  };

  /** Places the order for `values` at the total the buyer saw (`expected`, cents). */
  const place = async (values: CheckoutInput, expected: number) => {
    if (inFlight.current) return; // a double click never sends twice
    inFlight.current = true;
    setPlacing(true);
    setFailure(null);
    setGeneral([]);
    onLineProblems({ lines: {}, reservations: {} });
    // one key per attempt: reused when the previous try got no definitive answer (network, 5xx)
    const newAttempt = keyRef.current === null;
    keyRef.current ??= newIdempotencyKey();
    let current = useCart.getState().orders.find((o) => o.seller.id === sellerId) ?? order;
    if (newAttempt && typeof current.id === 'number') {
      const previous = await checkoutApi.order(current.id).catch(() => null);
      const step = previousOrderStep(previous, current);
      if (previous && step === 'confirm') {
        finish();
        keyRef.current = null;
        onConfirmed(sellerId, confirmationOfPrevious(previous));
        return;
      }
      if (previous && step === 'abort') await checkoutApi.abort(previous.id).catch(() => undefined);
      const { id: _old, ...rest } = current;
      current = rest;
    }
    try {
      const res = await checkoutApi.place(placeOrderRequest(values, current, expected), keyRef.current);
      keyRef.current = null;
      setCartOrderId(sellerId, res.order.id);
      const ctx = paymentContextOf(res.order, order, texts);
      if (!res.payment) onConfirmed(sellerId, { ...ctx, kind: 'order', grouped: values.split });
      else setPaying({ payment: res.payment, ctx, grouped: values.split });
    } catch (err) {
      const undecided = undecidedFailure(err);
      if (undecided || !(err instanceof ApiError)) {
        setFailure(undecided === 'network' ? texts.checkout.networkError : texts.checkout.serverError);
        return;
      }
      keyRef.current = null; // the server refused: nothing was created, the next attempt is a new one
      const b = err.body as { code?: string } | undefined;
      if (err.status === 409 && b?.code === 'priceChanged') {
        let next = newTotalOf(err.body);
        if (next != null) void price.refetch();
        else {
          const r = await price.refetch();
          next = sellerPriceOf(r.data, sellerId)?.price.totalTTC ?? null;
        }
        if (next != null) setPriceChange({ old: expected, next, values });
        else setFailure(CART_MESSAGES.priceChanged);
        return;
      }
      const problems = problemsOf(err);
      showProblems(sortProblems(problems));
      notify.error(problems[0]?.message || err.message);
    } finally {
      finish();
    }
  };

  return {
    place,
    placing,
    /** the last attempt got no definitive answer: its message, and the submit retries */
    failure,
    /** problems of the order as a whole (shop rules, pricing) */
    general,
    priceChange,
    /** the buyer accepts the new total: the same form is sent again with it */
    confirmPriceChange() {
      const pc = priceChange;
      setPriceChange(null);
      if (pc) void place(pc.values, pc.next);
    },
    cancelPriceChange: () => setPriceChange(null),
    /** set once the order is placed with a payment to make */
    paying,
  };
}
