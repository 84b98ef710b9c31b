import { useEffect, useRef } from 'react';
import { Alert, Button, Result } from 'antd';
import { bus } from 'shared-kernel/runtime';
import { useTexts } from '../texts';

export interface ConfirmationData {
  kind: 'order' | 'group';
  orderNumber?: string;
  /** cents */
  amount: number;
  shopName?: string;
  shopPath?: string;
  /** offline method: what to do now (transfer details, cheque address…) */
  instructions?: string | null;
  /** grouped order placed: the other payers still have to pay */
  grouped?: boolean;
}

const go = (to: string) => bus.emit('navigate', { to });

/** After payment: order number, total, the link to 'Commandes' (/dashboard/orders). */
export function Confirmation({ data }: { data: ConfirmationData }) {
  const texts = useTexts();
  const t = texts.pay;
  const share = data.kind === 'group';
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // braces: Chromium's scrollIntoView returns a promise, which React would take for a cleanup function
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="wz-pay-confirmation"
      aria-label={share ? t.confirmedShareTitle : t.confirmedTitle}
      data-testid="order-confirmation"
    >
      <Result
        status="success"
        title={<h2 className="wz-pay-confirmation__title">{share ? t.confirmedShareTitle : t.confirmedTitle}</h2>}
        subTitle={
          <dl className="wz-pay-confirmation__facts">
            {data.orderNumber && (
              <>
                <dt>{t.orderNumber}</dt>
                <dd data-testid="confirmation-number">{data.orderNumber}</dd>
              </>
            )}
            {data.shopName && (
              <>
                <dt>{t.shop}</dt>
                <dd>{data.shopName}</dd>
              </>
            )}
            <dt>{share ? t.amount : t.total}</dt>
            <dd data-testid="confirmation-total">{texts.fmt.money(data.amount)}</dd>
          </dl>
        }
        extra={[
          !share && (
            <Button key="orders" type="primary" href="/dashboard/orders" onClick={(e) => (e.preventDefault(), go('/dashboard/orders'))}>
              {t.orders}
            </Button>
          ),
          <Button key="shop" href={data.shopPath ?? '/shops'} onClick={(e) => (e.preventDefault(), go(data.shopPath ?? '/shops'))}>
            {t.continueShopping}
          </Button>,
        ].filter(Boolean)}
      >
        {share ? null : (
          <>
            {data.instructions && (
              <Alert type="info" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{data.instructions}</span>} />
            )}
            {data.grouped && <Alert type="info" showIcon title={t.groupedPending} />}
            {!data.instructions && !data.grouped && <p className="wz-pay-note">{t.confirmationMail}</p>}
          </>
        )}
      </Result>
    </section>
  );
}
