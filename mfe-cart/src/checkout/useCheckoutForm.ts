// The checkout's react-hook-form, validated by checkout.schema.ts. Not the kit's useZodForm: with a resolver,
// react-hook-form checks the whole list of payers each time one is added or removed, so the new, empty row would
// show its messages at once (and a sum or server message on the list would go). Here the list keeps the messages
// it shows until a payer's input is left or the form is sent, as a form without a resolver does.
import { get, set, useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { CartOrder } from 'shared-kernel/domain';
import { useSession } from 'shared-kernel/runtime';
import { checkoutDefaults, checkoutSchema, type CheckoutInput, type CheckoutSchema, type CheckoutValues } from './checkout.schema';

/** The schema's first message per input; `shownOnPayers` gives the payers' messages on screen, kept by a change of their list. */
export function checkoutResolver(schema: CheckoutSchema, shownOnPayers: () => unknown): Resolver<CheckoutValues, unknown, CheckoutInput> {
  return async (values, _context, options) => {
    if (options.names?.length === 1 && options.names[0] === 'paymentGroups') {
      return { values: {}, errors: { paymentGroups: shownOnPayers() } as FieldErrors<CheckoutValues> };
    }
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<CheckoutValues> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!get(errors, path)) set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

/** The form of one seller's checkout: validated when an input is left, then on each change ('onTouched'). */
export function useCheckoutForm(order: CartOrder) {
  const schema = checkoutSchema({ needsDelivery: order.products.length > 0 });
  const form: UseFormReturn<CheckoutValues, unknown, CheckoutInput> = useForm<CheckoutValues, unknown, CheckoutInput>({
    mode: 'onTouched',
    defaultValues: checkoutDefaults(order, useSession.getState().user),
    resolver: checkoutResolver(schema, (): unknown => form.getFieldState('paymentGroups').error),
  });
  return form;
}
