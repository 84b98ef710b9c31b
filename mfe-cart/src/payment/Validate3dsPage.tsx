// /validate3ds?payment=<id>&challenge=<token>: the sandbox card issuer's 3-D Secure page. 'Valider' /
// 'Refuser' → POST /v1/payments/:id/3ds, then the processing overlay (polling) and the confirmation
// of the order (context kept in sessionStorage before the redirect), or the payment error and a retry.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'shared-kernel/router';
import { Alert, Button, Spin } from 'antd';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import type { PageProps } from 'shared-kernel/contracts';
import { CART_MESSAGES, type PaymentResult } from 'shared-kernel/contracts';
import { bus } from 'shared-kernel/runtime';
import { checkoutApi, paymentPhase } from '../checkout/api';
import { usePayment } from '../checkout/checkout.queries';
import '../checkout/checkout.css';
import type { ConfirmationData } from './Confirmation';
import { MissingPayment, PaymentConfirmed, PaymentPageShell } from './PaymentPage';
import { PaymentStep, usePaymentPolling } from './PaymentStep';
import { ProcessingOverlay } from './ProcessingOverlay';
import { readPending, settlePending, type PendingPayment } from './pending';
import { useTexts } from '../texts';
import { DANGER_BUTTON_STYLE } from '../a11y';

type View = 'challenge' | 'processing' | 'failed' | 'done';

export default function Validate3dsPage(_props: PageProps) {
  const [params] = useSearchParams();
  const texts = useTexts();
  const t = texts.pay;
  const paymentId = Number(params.get('payment'));
  const challenge = params.get('challenge') ?? '';
  const valid = Number.isInteger(paymentId) && paymentId > 0;
  const [ctx] = useState<PendingPayment | null>(() => (valid ? readPending(paymentId) : null));
  const initial = usePayment(paymentId, { groupToken: ctx?.token, enabled: valid });
  const [view, setView] = useState<View | null>(null);
  const [last, setLast] = useState<PaymentResult | null>(null);
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null);
  const [confirmation, setConfirmation] = useState<ConfirmationData | null>(null);
  const poll = usePaymentPolling(paymentId, view === 'processing', ctx?.token);
  const finished = useRef(false);

  const finish = (p: PaymentResult) => {
    if (finished.current) return;
    finished.current = true;
    setConfirmation(settlePending(paymentId, ctx, p));
    setView('done');
  };

  const route = (p: PaymentResult) => {
    setLast(p);
    const ph = paymentPhase(p);
    if (ph === 'success') finish(p);
    else if (p.status === 'requiresAction')
      setView('challenge'); // the issuer waits for the buyer's answer
    else if (ph === 'waiting') setView('processing');
    else setView('failed'); // refused, or back to the card form: the buyer tries again
  };

  useEffect(() => {
    if (initial.data && view === null) route(initial.data);
  }, [initial.data]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (poll.data && paymentPhase(poll.data) !== 'waiting') route(poll.data);
  }, [poll.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const answer = async (approve: boolean) => {
    setBusy(approve ? 'approve' : 'refuse');
    try {
      route(await checkoutApi.threeDs(paymentId, challenge, approve, ctx?.token));
    } catch {
      setView('failed');
    } finally {
      setBusy(null);
    }
  };

  if (!valid || (initial.isError && !last)) {
    return <MissingPayment onBack={() => bus.emit('navigate', { to: '/cart' })} />;
  }
  if (view === 'done' && confirmation) {
    return <PaymentConfirmed data={confirmation} />;
  }
  if (view === null) {
    return (
      <PaymentPageShell>
        <div className="wz-pay-loading" role="status">
          <Spin /> {t.loading}
        </div>
      </PaymentPageShell>
    );
  }
  const amount = last?.amount ?? ctx?.amount ?? 0;
  if (view === 'failed' && last) {
    const retryCtx: Omit<PendingPayment, 'paymentId'> = ctx ?? { kind: 'order', amount };
    return (
      <PaymentPageShell>
        <section className="wz-pay-card" aria-labelledby="wz-3ds-failed">
          <h1 id="wz-3ds-failed" className="wz-pay-card__title">
            {t.cardTitle}
          </h1>
          <PaymentStep
            payment={{ ...last, status: 'error', nextAction: last.nextAction ?? { type: 'card_form' } }}
            context={retryCtx}
            pay={(body) => (ctx?.kind === 'group' && ctx.token ? checkoutApi.payGroup(ctx.token, body) : checkoutApi.pay(paymentId, body))}
            onSuccess={finish}
            initialError={CART_MESSAGES.payment}
          />
          <Button
            color="primary"
            variant="link"
            onClick={() => bus.emit('navigate', { to: ctx?.kind === 'group' && ctx.token ? `/payment-group/${ctx.token}` : '/cart' })}
          >
            {t.backToCart}
          </Button>
        </section>
      </PaymentPageShell>
    );
  }
  return (
    <PaymentPageShell>
      {view === 'processing' && <ProcessingOverlay />}
      <section className="wz-pay-card wz-pay-3ds" aria-labelledby="wz-3ds-title" data-testid="three-ds">
        <SafetyCertificateOutlined aria-hidden className="wz-pay-3ds__icon" />
        <h1 id="wz-3ds-title" className="wz-pay-card__title">
          {t.threeDsTitle}
        </h1>
        <p>{t.threeDsIntro}</p>
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
          <dt>{t.amount}</dt>
          <dd data-testid="three-ds-amount">{texts.fmt.money(amount)}</dd>
        </dl>
        {!challenge && <Alert type="warning" showIcon title={t.missingPayment} />}
        <div className="wz-pay-3ds__actions">
          <Button
            size="large"
            danger
            style={DANGER_BUTTON_STYLE}
            onClick={() => void answer(false)}
            loading={busy === 'refuse'}
            disabled={!!busy || !challenge}
          >
            {t.refuse}
          </Button>
          <Button
            size="large"
            type="primary"
            onClick={() => void answer(true)}
            loading={busy === 'approve'}
            disabled={!!busy || !challenge}
          >
            {t.approve}
          </Button>
        </div>
        <p className="wz-pay-note">{t.threeDsSandbox}</p>
      </section>
    </PaymentPageShell>
  );
}
