// Drives one payment to a final state: card form (sandbox or Stripe.js) → POST …/pay; 3-D Secure →
// the issuer page (/validate3ds, context kept in sessionStorage); PayPal → PayPal's page, back on /paypal-return;
// processing → overlay and polling of
// GET /v1/payments/:id; failure → the spec §8 payment message and the buyer retries.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { CART_MESSAGES, type PaymentResult, type PayRequest } from 'shared-kernel/contracts';
import { ApiError, bus } from 'shared-kernel/runtime';
import { isInAppUrl, paymentPhase } from '../checkout/api';
import { PAYMENT_POLL_MS, usePayment } from '../checkout/checkout.queries';
import { CardForm } from './CardForm';
import { ProcessingOverlay } from './ProcessingOverlay';
import { savePending, type PendingPayment } from './pending';
import { useTexts } from '../texts';
import { leaveFor } from './leave';

/** Polling period of a payment being processed (ms). */
export { PAYMENT_POLL_MS };

export interface PaymentStepProps {
  payment: PaymentResult;
  /** saved before a 3-D Secure redirect so the issuer page can come back to the confirmation */
  context: Omit<PendingPayment, 'paymentId'>;
  /** POST /payments/:id/pay, or /payment-groups/:token/pay for a share */
  pay(body: PayRequest): Promise<PaymentResult>;
  onSuccess(payment: PaymentResult): void;
  /** an error to show from the start (e.g. a refused 3-D Secure) */
  initialError?: string | null;
}

function failureText(p: PaymentResult | null): string {
  return p?.message && p.message !== CART_MESSAGES.payment ? `${CART_MESSAGES.payment} (${p.message})` : CART_MESSAGES.payment;
}

/** Polls GET /v1/payments/:id every PAYMENT_POLL_MS while `enabled`. */
export function usePaymentPolling(id: number, enabled: boolean, groupToken?: string) {
  return usePayment(id, { groupToken, enabled, poll: true });
}

export function PaymentStep({ payment, context, pay, onSuccess, initialError = null }: PaymentStepProps) {
  const texts = useTexts();
  const [current, setCurrent] = useState<PaymentResult>(payment);
  const [error, setError] = useState<string | null>(initialError);
  const [waitingStripe, setWaitingStripe] = useState(false);
  // the card form keeps the Stripe keys of the first card_form action (a retry reuses them)
  const cardAction = useRef(payment.nextAction?.type === 'card_form' ? payment.nextAction : null);
  const done = useRef(false);
  const phase = paymentPhase(current);
  const polling = (phase === 'waiting' || waitingStripe) && !done.current;
  const poll = usePaymentPolling(current.id, polling, context.token);

  const handle = useCallback(
    (p: PaymentResult) => {
      if (p.nextAction?.type === 'card_form') cardAction.current = p.nextAction;
      const ph = paymentPhase(p);
      if (ph === 'success') {
        if (done.current) return;
        done.current = true;
        setWaitingStripe(false);
        onSuccess(p);
        return;
      }
      if (ph === 'failure') {
        setWaitingStripe(false);
        setError(failureText(p));
      }
      if (ph === 'action' && p.nextAction?.type === 'paypal_approve') {
        // approved on PayPal's page, then back to /paypal-return (context kept for the confirmation)
        savePending({ ...context, paymentId: p.id });
        leaveFor(p.nextAction.url);
      }
      if (ph === 'action' && p.nextAction?.type === 'redirect_3ds') {
        const url = p.nextAction.url;
        savePending({ ...context, paymentId: p.id });
        if (isInAppUrl(url)) bus.emit('navigate', { to: url });
        else leaveFor(url);
      }
      setCurrent(p);
    },
    [context, onSuccess],
  );

  useEffect(() => {
    handle(payment);
    // the first result only; later ones come from pay() and the polling
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const p = poll.data;
    if (!p) return;
    const ph = paymentPhase(p);
    // a Stripe payment is 'action' (card form) until Stripe's webhook reaches the api
    if (ph === 'waiting' || (waitingStripe && ph === 'action' && p.nextAction?.type === 'card_form')) return;
    handle(p);
  }, [poll.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const onPay = async (body: PayRequest) => {
    setError(null);
    try {
      const r = await pay(body);
      if (paymentPhase(r) === 'action' && r.nextAction?.type === 'card_form') setError(failureText(r));
      handle(r);
    } catch (err) {
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : '';
      setError(message && message !== CART_MESSAGES.payment ? `${CART_MESSAGES.payment} (${message})` : CART_MESSAGES.payment);
    }
  };

  const showForm = !polling && !done.current && (phase === 'failure' || (phase === 'action' && current.nextAction?.type === 'card_form'));
  return (
    <div className="wz-pay-step" data-testid="payment-step">
      {polling && <ProcessingOverlay />}
      {showForm && current.provider === 'sandbox' && current.instructions && (
        <Alert type="info" showIcon title={current.instructions} className="wz-pay-sandbox" data-testid="sandbox-help" />
      )}
      {showForm && (
        <CardForm
          amount={current.amount}
          method={current.method}
          onPay={onPay}
          stripe={cardAction.current}
          onStripeConfirmed={() => setWaitingStripe(true)}
          error={error}
        />
      )}
      {!polling && current.nextAction?.type === 'paypal_approve' && phase === 'action' && (
        <p role="status" data-testid="paypal-redirect">
          {texts.pay.paypalRedirect}
        </p>
      )}
      {!showForm && !polling && error && <p role="alert">{error}</p>}
    </div>
  );
}
