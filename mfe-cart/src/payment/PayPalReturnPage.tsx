// /paypal-return?payment=<id>[&cancelled=1]: where PayPal sends the payer back. Approved → POST /v1/payments/:id/paypal-capture,
// then the order's confirmation (context kept in sessionStorage before leaving for PayPal); left PayPal without paying,
// or not approved → the order is kept and the payer goes back to PayPal; declined → the payment message and a retry.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'shared-kernel/router';
import { Alert, Button, Spin } from 'antd';
import type { PageProps } from 'shared-kernel/contracts';
import { CART_MESSAGES, type PaymentResult } from 'shared-kernel/contracts';
import { ApiError, bus } from 'shared-kernel/runtime';
import { checkoutApi, paymentPhase } from '../checkout/api';
import '../checkout/checkout.css';
import type { ConfirmationData } from './Confirmation';
import { MissingPayment, PaymentConfirmed, PaymentPageShell } from './PaymentPage';
import { usePaymentPolling } from './PaymentStep';
import { ProcessingOverlay } from './ProcessingOverlay';
import { readPending, savePending, settlePending, type PendingPayment } from './pending';
import { useTexts } from '../texts';
import { leaveFor } from './leave';

type View = 'capturing' | 'processing' | 'again' | 'failed' | 'done';

export default function PayPalReturnPage(_props: PageProps) {
  const [params] = useSearchParams();
  const texts = useTexts();
  const t = texts.pay;
  const paymentId = Number(params.get('payment'));
  const cancelled = params.get('cancelled') === '1';
  const valid = Number.isInteger(paymentId) && paymentId > 0;
  const [ctx] = useState<PendingPayment | null>(() => (valid ? readPending(paymentId) : null));
  const [view, setView] = useState<View>(cancelled ? 'again' : 'capturing');
  const [message, setMessage] = useState<string | null>(cancelled ? t.paypalCancelled : null);
  const [confirmation, setConfirmation] = useState<ConfirmationData | null>(null);
  const [leaving, setLeaving] = useState(false);
  const poll = usePaymentPolling(paymentId, view === 'processing', ctx?.token);
  const started = useRef(false);
  const finished = useRef(false);

  const finish = (p: PaymentResult) => {
    if (finished.current) return;
    finished.current = true;
    setConfirmation(settlePending(paymentId, ctx, p));
    setView('done');
  };

  const route = (p: PaymentResult) => {
    const phase = paymentPhase(p);
    if (phase === 'success') finish(p);
    else if (phase === 'waiting') setView('processing');
    else if (phase === 'action') setView('again');
    else {
      setMessage(CART_MESSAGES.payment);
      setView('failed');
    }
  };

  useEffect(() => {
    if (!valid || cancelled || started.current) return;
    started.current = true;
    checkoutApi
      .paypalCapture(paymentId, ctx?.token)
      .then(route)
      .catch((err: unknown) => {
        const status = err instanceof ApiError ? err.status : 0;
        // not approved yet (409): back to PayPal; declined (402) or anything else: the payment message
        setMessage(status === 409 && err instanceof ApiError ? err.message : CART_MESSAGES.payment);
        setView(status === 409 ? 'again' : 'failed');
      });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (poll.data && paymentPhase(poll.data) !== 'waiting') route(poll.data);
  }, [poll.data]); // eslint-disable-line react-hooks/exhaustive-deps

  /** back to PayPal: the payment's approval link, asked again (it is never kept in the page) */
  const payAgain = async () => {
    setLeaving(true);
    try {
      const p = await checkoutApi.payment(paymentId, ctx?.token);
      if (p.nextAction?.type === 'paypal_approve') {
        savePending({ ...(ctx ?? { kind: 'order', amount: p.amount }), paymentId });
        leaveFor(p.nextAction.url);
        return;
      }
      route(p);
    } catch {
      setMessage(CART_MESSAGES.payment);
      setView('failed');
    }
    setLeaving(false);
  };
  const backToCart = () => bus.emit('navigate', { to: ctx?.kind === 'group' && ctx.token ? `/payment-group/${ctx.token}` : '/cart' });

  if (!valid) {
    return <MissingPayment onBack={backToCart} />;
  }
  if (view === 'done' && confirmation) {
    return <PaymentConfirmed data={confirmation} />;
  }
  if (view === 'capturing' || view === 'processing') {
    return (
      <PaymentPageShell>
        {view === 'processing' && <ProcessingOverlay />}
        <div className="wz-pay-loading" role="status" data-testid="paypal-capturing">
          <Spin /> {t.paypalCapturing}
        </div>
      </PaymentPageShell>
    );
  }
  return (
    <PaymentPageShell>
      <section className="wz-pay-card" aria-labelledby="wz-paypal-title" data-testid="paypal-return">
        <h1 id="wz-paypal-title" className="wz-pay-card__title">
          {t.paypalTitle}
        </h1>
        <dl className="wz-pay-confirmation__facts">
          {ctx?.shopName && (
            <>
              <dt>{t.merchant}</dt>
              <dd>{ctx.shopName}</dd>
            </>
          )}
          {ctx?.orderNumber && (
            <>
              <dt>{t.orderNumber}</dt>
              <dd>{ctx.orderNumber}</dd>
            </>
          )}
          {ctx?.amount != null && (
            <>
              <dt>{t.amount}</dt>
              <dd>{texts.fmt.money(ctx.amount)}</dd>
            </>
          )}
        </dl>
        {message && (
          <Alert type={view === 'failed' ? 'error' : 'warning'} showIcon title={message} data-testid="paypal-message" role="alert" />
        )}
        <div className="wz-pay-3ds__actions">
          <Button onClick={backToCart}>{t.backToCart}</Button>
          <Button type="primary" size="large" onClick={() => void payAgain()} loading={leaving}>
            {t.paypalRetry}
          </Button>
        </div>
      </section>
    </PaymentPageShell>
  );
}
