import type { FormHTMLAttributes, ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { FormProvider, useFormContext, useFormState, type Control, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { notify } from 'shared-kernel/runtime';
import { errorMessage } from '../errors';
import { kitTexts } from '../kit-texts';
import { applyServerErrors } from './server-errors';

export interface ZodFormProps<T extends FieldValues, TOut> extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> {
  form: UseFormReturn<T, unknown, TOut>;
  /** Receives the schema's output. A thrown api error `{ field, message }` lands on its field, any other error shows as an error snackbar. */
  onSubmit: (values: TOut) => unknown | Promise<unknown>;
  children: ReactNode;
}

/**
 * `<form noValidate>` + FormProvider (so FormField and SubmitButton find the form), submitting through the zod
 * resolver. Errors of `onSubmit` are handled here: `applyServerErrors`, else `notify.error(message)` (so mutation
 * fetchers call the api with `silent: true`).
 */
export function ZodForm<T extends FieldValues, TOut>({ form, onSubmit, children, ...rest }: ZodFormProps<T, TOut>) {
  const t = kitTexts.useTexts();
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (err) {
      if (!applyServerErrors(form, err)) notify.error(errorMessage(err, t.genericError));
    }
  });
  return (
    <FormProvider {...(form as unknown as UseFormReturn<T>)}>
      <form noValidate {...rest} onSubmit={(e) => void submit(e)}>
        {children}
      </form>
    </FormProvider>
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'htmlType'> {
  /** The form's control (else the enclosing ZodForm's). */
  control?: Control<FieldValues, unknown, unknown>;
  /** Also saving (a mutation started outside the form's submit). */
  saving?: boolean;
}

/** The form's submit button: primary, disabled and spinning while the form is submitting (or `saving`). Default text 'Enregistrer'. */
export function SubmitButton({ control, saving, children, disabled, ...rest }: SubmitButtonProps) {
  const t = kitTexts.useTexts();
  const context = useFormContext();
  const ctl = (control ?? context?.control) as Control<FieldValues> | undefined;
  if (!ctl) throw new Error('SubmitButton: pass `control` or render it inside <ZodForm>');
  return (
    <SubmitButtonInner control={ctl} saving={saving} disabled={disabled} {...rest}>
      {children ?? t.save}
    </SubmitButtonInner>
  );
}

function SubmitButtonInner({
  control,
  saving,
  disabled,
  children,
  ...rest
}: Omit<SubmitButtonProps, 'control'> & { control: Control<FieldValues> }) {
  const { isSubmitting } = useFormState({ control });
  const busy = isSubmitting || !!saving;
  return (
    <Button type="primary" {...rest} htmlType="submit" loading={busy} disabled={disabled || busy} aria-busy={busy || undefined}>
      {children}
    </Button>
  );
}
