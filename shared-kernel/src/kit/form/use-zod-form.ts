import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema of a form: its input is what the fields hold, its output what onSubmit receives. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;
export type ZodFormReturn<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * react-hook-form validated by a zod schema built from shared-kernel/validation rules, so the §5 French messages show
 * unchanged (`z.object({ email: schemas.email, phone: schemas.telephoneOptional })`). Validation runs when a field
 * is left, then on every change of a field in error ('onTouched').
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodFormReturn<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}
