// The placed order's payment, in place of the checkout form: its number and the amount to pay now (the buyer's
// share of a grouped order), then PaymentStep until the payment succeeds and the confirmation shows.
import { clearPending } from '../payment/pending';
import type { ConfirmationData } from '../payment/Confirmation';
import { PaymentStep } from '../payment/PaymentStep';
import { useTexts } from '../texts';
import { checkoutApi } from './api';
import type { Paying } from './usePlaceOrder';

export interface OrderPaymentProps {
  sellerId: number;
  paying: Paying;
  onConfirmed(sellerId: number, data: ConfirmationData): void;
}

export function OrderPayment({ sellerId, paying, onConfirmed }: OrderPaymentProps) {
  const texts = useTexts();
  const { checkout: T, pay: P, colon } = texts;
  const { payment, ctx, grouped } = paying;
  return (
    <section className="wz-co" aria-label={T.stepPayment} data-testid="checkout-payment">
      <h3 className="wz-co__title">{T.stepPayment}</h3>
      <p>
        {ctx.orderNumber && (
          <>
            {P.orderNumber} <strong>{ctx.orderNumber}</strong> ·{' '}
          </>
        )}
        {grouped ? T.yourShare : T.serverTotal}
        {colon}
        <strong data-testid="amount-to-pay">{texts.fmt.money(payment.amount || ctx.amount)}</strong>
      </p>
      <PaymentStep
        payment={payment}
        context={ctx}
        pay={(req) => checkoutApi.pay(payment.id, req)}
        onSuccess={(p) => {
          clearPending(p.id);
          onConfirmed(sellerId, {
            kind: 'order',
            orderNumber: ctx.orderNumber,
            amount: ctx.amount,
            shopName: ctx.shopName,
            shopPath: ctx.shopPath,
            instructions: p.provider === 'offline' ? p.instructions : null,
            grouped,
          });
        }}
      />
    </section>
  );
}
