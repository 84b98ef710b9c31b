// Step 1, Coordonnées: the contact phone, the delivery address and the billing address (the delivery one unless
// 'same as delivery' is unticked).
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from 'antd';
import { useTexts } from '../texts';
import type { CheckoutValues } from './checkout.schema';
import { AddressFields, TextField } from './fields';

export function ContactStep() {
  const T = useTexts().checkout;
  const { control } = useFormContext<CheckoutValues>();
  const sameBilling = useWatch({ control, name: 'sameBilling' });
  return (
    <fieldset className="wz-co-step">
      <legend>
        <span className="wz-co-step__n">1</span> {T.stepContact}
      </legend>
      <TextField control={control} name="phone" label={T.phone} type="tel" inputMode="tel" autoComplete="tel" required maxLength={30} />
      <AddressFields control={control} prefix="deliveryAddress" legend={T.deliveryAddress} />
      <Controller
        name="sameBilling"
        control={control}
        render={({ field }) => (
          <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)}>
            {T.sameBilling}
          </Checkbox>
        )}
      />
      {!sameBilling && <AddressFields control={control} prefix="billingAddress" legend={T.billingAddress} />}
    </fieldset>
  );
}
