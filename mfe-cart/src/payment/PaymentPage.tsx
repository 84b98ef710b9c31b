// What the pages a payer comes back to (3-D Secure, PayPal) share: their frame, the page of a link that is incomplete or
// expired, and the order's confirmation once paid.
import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTexts } from '../texts';
import { Confirmation, type ConfirmationData } from './Confirmation';

export function PaymentPageShell({ children }: { children: ReactNode }) {
  return <main className="wz-pay-page">{children}</main>;
}

/** The link is incomplete or its payment unknown: say so, and lead back. */
export function MissingPayment({ onBack }: { onBack(): void }) {
  const t = useTexts().pay;
  return (
    <PaymentPageShell>
      <Result
        status="warning"
        title={t.missingPayment}
        extra={
          <Button type="primary" onClick={onBack}>
            {t.backToCart}
          </Button>
        }
      />
    </PaymentPageShell>
  );
}

export function PaymentConfirmed({ data }: { data: ConfirmationData }) {
  return (
    <PaymentPageShell>
      <Confirmation data={data} />
    </PaymentPageShell>
  );
}
