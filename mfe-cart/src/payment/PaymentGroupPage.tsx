// /payment-group/:token: one payer's share of a grouped order (GET /v1/payment-groups/:token): order
// number, shop, amount, status; paid with the card form (POST /v1/payment-groups/:token/pay, 3-D Secure
// through /validate3ds); an expired group says so and leads to the shop to order alone.
import { useState } from 'react';
import { useParams } from 'shared-kernel/router';
import { Alert, Button, Result, Spin } from 'antd';
import type { PageProps, PaymentGroupView, PaymentResult } from 'shared-kernel/contracts';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import { statusInfo } from 'shared-kernel/domain';
import { ApiError, bus } from 'shared-kernel/runtime';
import { checkoutApi } from '../checkout/api';
import { usePaymentGroup } from '../checkout/checkout.queries';
import '../checkout/checkout.css';
import { Confirmation, type ConfirmationData } from './Confirmation';
import { PaymentStep } from './PaymentStep';
import { clearPending } from './pending';
import { PAYMENT_STATUS_EN, useTexts, type LocalTexts } from '../texts';

const go = (to: string) => bus.emit('navigate', { to });

/** The shop page of the group when the api gives its url name, else the producers list. */
export function shopPathOfGroup(view: PaymentGroupView): string {
  const url =
    (view as PaymentGroupView & { urlShop?: unknown; shop?: { urlShop?: unknown } }).urlShop ??
    (view as { shop?: { urlShop?: unknown } }).shop?.urlShop;
  return typeof url === 'string' && url ? `/${url}` : '/shops';
}

function statusLabel(status: PaymentGroupView['status'], lang: LocalTexts['lang']): string {
  if (lang === 'en') return (PAYMENT_STATUS_EN as Record<string, string>)[status] ?? status;
  try {
    return statusInfo('payment', status).label;
  } catch {
    return status;
  }
}

export default function PaymentGroupPage(_props: PageProps) {
  const { token = '' } = useParams();
  const texts = useTexts();
  const t = texts.pay;
  const q = usePaymentGroup(token);
  const [done, setDone] = useState<ConfirmationData | null>(null);
  const view = q.data;

  let body: React.ReactNode;
  if (done) body = <Confirmation data={done} />;
  else if (q.isPending && token) {
    body = (
      <div className="wz-pay-loading" role="status">
        <Spin /> {t.loading}
      </div>
    );
  } else if (!view) {
    body = <Result status="warning" title={t.shareNotFound} extra={<Button onClick={() => go('/shops')}>{t.continueShopping}</Button>} />;
  } else if (view.expired) {
    body = (
      <section className="wz-pay-card" data-testid="group-expired">
        <h1 className="wz-pay-card__title">{t.shareTitle}</h1>
        <Alert type="warning" showIcon title={CART_MESSAGES.groupedOrderExpired} />
        <Button type="primary" size="large" block onClick={() => go(shopPathOfGroup(view))} style={{ marginTop: 16 }}>
          {t.orderAlone} — {view.shopName}
        </Button>
      </section>
    );
  } else {
    const paid = view.status === 'paid' || view.status === 'setup' || view.status === 'scheduled';
    const ctx = {
      kind: 'group' as const,
      token,
      amount: view.amount,
      orderNumber: view.orderNumber,
      shopName: view.shopName,
      shopPath: shopPathOfGroup(view),
    };
    const initial: PaymentResult = view.payment ?? {
      id: 0,
      orderId: 0,
      status: 'pending',
      method: 'stripe',
      amount: view.amount,
      provider: 'sandbox',
      nextAction: { type: 'card_form' },
      instructions: null,
    };
    body = (
      <section className="wz-pay-card" aria-labelledby="wz-group-title" data-testid="payment-group">
        <h1 id="wz-group-title" className="wz-pay-card__title">
          {t.shareTitle}
        </h1>
        {!paid && <p>{t.shareIntro}</p>}
        <dl className="wz-pay-confirmation__facts">
          <dt>{t.orderNumber}</dt>
          <dd>{view.orderNumber}</dd>
          <dt>{t.shop}</dt>
          <dd>{view.shopName}</dd>
          <dt>{t.payer}</dt>
          <dd>{view.payerEmail}</dd>
          <dt>{t.amount}</dt>
          <dd data-testid="group-amount">{texts.fmt.money(view.amount)}</dd>
          <dt>{t.status}</dt>
          <dd>{statusLabel(view.status, texts.lang)}</dd>
          {view.expiresAt && !paid && (
            <>
              <dt>{t.expiresAt}</dt>
              <dd>{texts.fmt.dateTime(view.expiresAt)}</dd>
            </>
          )}
        </dl>
        {paid ? (
          <Alert type="success" showIcon title={t.sharePaid} />
        ) : (
          <PaymentStep
            payment={initial}
            context={ctx}
            pay={(req) =>
              checkoutApi.payGroup(token, req).catch((err: unknown) => {
                if (err instanceof ApiError && err.status === 410) void q.refetch(); // expired meanwhile: its page says so
                throw err;
              })
            }
            onSuccess={(p) => {
              clearPending(p.id);
              setDone({
                kind: 'group',
                orderNumber: view.orderNumber,
                amount: view.amount,
                shopName: view.shopName,
                shopPath: ctx.shopPath,
              });
            }}
          />
        )}
      </section>
    );
  }
  return <main className="wz-pay-page">{body}</main>;
}
