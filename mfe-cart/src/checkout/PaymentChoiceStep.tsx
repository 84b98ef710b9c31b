// Step 3, Paiement: the payment methods the shop can be paid with, the grouped payment when the shop allows it, and
// the acceptance of its terms of sale (their text in a popup), or of the terms of use when it has none.
import { useEffect, useMemo, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Alert, Button, Checkbox, Modal, Radio } from 'antd';
import { CARD_PAYMENT_METHODS, CHECKOUT_PAYMENT_LABELS, type CheckoutOptions } from 'shared-kernel/contracts';
import { useTexts } from '../texts';
import { usePaymentOptions } from './checkout.queries';
import type { CheckoutValues } from './checkout.schema';
import { FieldError, RadioGroupField } from './fields';
import { PaymentShares } from './PaymentShares';

/**
 * A shop that cannot be paid online (no payment account of its own, the platform's not allowed: stripeIsActive
 * false) is not offered card, SEPA or imprint; the buyer reads why. PayPal is offered when the shop has saved its
 * PayPal keys. A single method is preselected; a withdrawn one is dropped.
 */
function usePaymentMethods(sellerId: number, options: CheckoutOptions | undefined) {
  const { getValues, setValue } = useFormContext<CheckoutValues>();
  const paymentOptions = usePaymentOptions(sellerId);
  const cardOff = paymentOptions.data?.stripeIsActive === false;
  const paypalOn = paymentOptions.data?.paypalIsActive === true;
  const methods = useMemo(
    () => [
      ...(options?.paymentMethods ?? []).filter((m) => m !== 'paypal' && (!cardOff || !CARD_PAYMENT_METHODS.includes(m))),
      ...(paypalOn ? (['paypal'] as const) : []),
    ],
    [options, cardOff, paypalOn],
  );
  useEffect(() => {
    const chosen = getValues('paymentMethod');
    if (chosen && options && !methods.includes(chosen)) setValue('paymentMethod', '');
    if (methods.length === 1 && !getValues('paymentMethod')) setValue('paymentMethod', methods[0]);
  }, [options, methods, getValues, setValue]);
  return { methods, cardWithdrawn: cardOff && (options?.paymentMethods ?? []).some((m) => CARD_PAYMENT_METHODS.includes(m)) };
}

export interface PaymentChoiceStepProps {
  sellerId: number;
  options: CheckoutOptions | undefined;
  /** the server's total (cents), shared between the payers */
  serverTotal: number | null;
}

export function PaymentChoiceStep({ sellerId, options, serverTotal }: PaymentChoiceStepProps) {
  const { checkout: T, lang } = useTexts();
  const { control } = useFormContext<CheckoutValues>();
  const { methods, cardWithdrawn } = usePaymentMethods(sellerId, options);
  return (
    <fieldset className="wz-co-step">
      <legend>
        <span className="wz-co-step__n">3</span> {T.stepPayment}
      </legend>
      {cardWithdrawn && <Alert type="info" showIcon title={T.cardNotOffered} data-testid="card-not-offered" />}
      {options && methods.length === 0 && <Alert type="warning" showIcon title={T.noPaymentMethod} />}
      {methods.length > 0 && (
        <Controller
          name="paymentMethod"
          control={control}
          render={({ field, fieldState }) => (
            <RadioGroupField label={T.paymentMethod} error={fieldState.error}>
              <Radio.Group value={field.value || undefined} onChange={(e) => field.onChange(e.target.value)} className="wz-co-choices">
                {methods.map((m) => (
                  <Radio key={m} value={m}>
                    {CHECKOUT_PAYMENT_LABELS[m][lang]}
                  </Radio>
                ))}
              </Radio.Group>
            </RadioGroupField>
          )}
        />
      )}
      {options?.groupedOrders && <PaymentShares serverTotal={serverTotal} />}
      <TermsField terms={options?.terms} />
    </fieldset>
  );
}

/** The terms checkbox: the shop's terms of sale (readable in a popup) when it has some, else the terms of use. */
function TermsField({ terms }: { terms: string | null | undefined }) {
  const T = useTexts().checkout;
  const { control } = useFormContext<CheckoutValues>();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Controller
        name="acceptTerms"
        control={control}
        render={({ field, fieldState }) => (
          <div className="wz-co-field">
            <div className="wz-co-terms">
              <Checkbox
                checked={!!field.value}
                onChange={(e) => {
                  field.onChange(e.target.checked);
                  field.onBlur(); // a click is a visit: the message shows as soon as it is unticked
                }}
                onBlur={field.onBlur}
                aria-required
              >
                {terms ? T.acceptTerms : T.acceptTermsNoText}
                <span aria-hidden className="wz-co-required">
                  {' '}
                  *
                </span>
              </Checkbox>
              {terms && (
                <Button color="primary" variant="link" size="small" onClick={() => setOpen(true)}>
                  {T.readTerms}
                </Button>
              )}
            </div>
            <FieldError error={fieldState.error} />
          </div>
        )}
      />
      <Modal
        open={open}
        title={T.termsTitle}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{T.close}</Button>}
      >
        <div className="wz-co-terms-text">{terms}</div>
      </Modal>
    </>
  );
}
