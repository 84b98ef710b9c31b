// One seller's checkout (spec §4/§5), assembled from its steps: contact phone and addresses (ContactStep), the
// delivery method from the shop's checkout options (DeliveryStep), payment method, payers' shares and terms
// (PaymentChoiceStep), with the shop's rules above. The form is validated by checkout.schema.ts; the server prices
// the order and its total is the one placed (OrderSummary, usePlaceOrder: once, thanks to an Idempotency-Key reused
// on retry). Then the payment (OrderPayment) and the confirmation.
import { useWatch } from 'react-hook-form';
import { Steps } from 'antd';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import type { CartOrder, SellerPriceResult } from 'shared-kernel/domain';
import { ZodForm } from 'shared-kernel/kit';
import { sellerName } from '../cart/view';
import type { ConfirmationData } from '../payment/Confirmation';
import { useTexts } from '../texts';
import { useCheckoutOptions, useServerPrice } from './checkout.queries';
import { checkoutStep, hasEmptyRequired, PAYERS_ERROR, sharesMatchTotal, type CheckoutInput, type CheckoutValues } from './checkout.schema';
import { ContactStep } from './ContactStep';
import { DeliveryStep, useDeliveryChoice } from './DeliveryStep';
import { OrderPayment } from './OrderPayment';
import { OrderSummary, PriceChangeModal } from './OrderSummary';
import { PaymentChoiceStep } from './PaymentChoiceStep';
import { sellerPriceOf } from './place-order';
import { shopRuleChecks } from './rules';
import { useCheckoutForm } from './useCheckoutForm';
import { usePlaceOrder, type LineProblems } from './usePlaceOrder';

export type { LineProblems };

export interface CheckoutSectionProps {
  order: CartOrder;
  priced: SellerPriceResult;
  /** problems the server found on product lines / reservations (shown on the line itself) */
  onLineProblems(p: LineProblems): void;
  /** payment done (or nothing left to pay now): the page shows the confirmation and the order leaves the cart */
  onConfirmed(sellerId: number, data: ConfirmationData): void;
}

export function CheckoutSection({ order, priced, onLineProblems, onConfirmed }: CheckoutSectionProps) {
  const sellerId = order.seller.id;
  const texts = useTexts();
  const T = texts.checkout;
  const optionsQ = useCheckoutOptions(sellerId);
  const options = optionsQ.data;
  const needsDelivery = order.products.length > 0;

  const form = useCheckoutForm(order);
  const v = useWatch({ control: form.control }) as CheckoutValues;
  const country = v.deliveryAddress?.country ?? '';
  // the delivery country prices the delivery type at the rate of its zone (settings section `delivery`)
  const priceQ = useServerPrice(order, country || null);
  const serverResult = priceQ.isPlaceholderData ? undefined : sellerPriceOf(priceQ.data, sellerId);
  const serverTotal = serverResult?.price.totalTTC ?? null;
  const serverPackages = (serverResult?.price as { nbrPackages?: unknown } | undefined)?.nbrPackages;
  const packages = typeof serverPackages === 'number' ? serverPackages : priced.price.nbrPackages;

  const delivery = useDeliveryChoice(order, options, country, form.setValue);
  const placement = usePlaceOrder({ order, form, price: priceQ, onLineProblems, onConfirmed });
  const rules = shopRuleChecks(options?.rules, order, priced);

  const submit = async (values: CheckoutInput) => {
    if (serverTotal == null) return;
    if (!sharesMatchTotal(values, serverTotal)) {
      // not an input's error: shown under the payers, cleared by the next submit
      form.setError(PAYERS_ERROR, { type: 'sum', message: CART_MESSAGES.paymentGroupsTotal });
      return;
    }
    await placement.place(values, serverTotal);
  };

  if (placement.paying) return <OrderPayment sellerId={sellerId} paying={placement.paying} onConfirmed={onConfirmed} />;

  return (
    <section className="wz-co" aria-label={`${T.title} — ${sellerName(order, texts)}`} data-testid="checkout-section">
      <h3 className="wz-co__title">{T.title}</h3>
      <Steps
        size="small"
        responsive={false}
        titlePlacement="vertical"
        current={checkoutStep(v, needsDelivery)}
        className="wz-co__steps"
        items={[{ title: T.stepContact }, { title: T.stepDelivery }, { title: T.stepPayment }]}
      />
      {rules.length > 0 && (
        <div className="wz-co-rules" data-testid="shop-rules">
          <p className="wz-co-rules__title">{T.rulesTitle}</p>
          <ul>
            {rules.map((r) => (
              <li key={r.key} className={r.ok ? 'wz-co-rule--ok' : 'wz-co-rule--ko'} data-ok={r.ok}>
                {r.ok ? '✓ ' : '✗ '}
                {r.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ZodForm form={form} onSubmit={submit} className="wz-co__form">
        <ContactStep />
        <DeliveryStep order={order} priced={priced} optionsQuery={optionsQ} delivery={delivery} packages={packages} />
        <PaymentChoiceStep sellerId={sellerId} options={options} serverTotal={serverTotal} />
        <OrderSummary
          serverTotal={serverTotal}
          price={priceQ}
          general={placement.general}
          failure={placement.failure}
          placing={placement.placing}
          disabled={hasEmptyRequired(v, needsDelivery) || serverTotal == null || delivery.noDelivery}
        />
      </ZodForm>
      <PriceChangeModal change={placement.priceChange} onConfirm={placement.confirmPriceChange} onCancel={placement.cancelPriceChange} />
    </section>
  );
}
