import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Checkbox, Input, PasswordInput, RadioGroup } from './ui';
import type { Validator } from 'shared-kernel/validation';

const errorStyle = { color: '#d4380d', fontSize: 13 } as const;

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  validate?: Validator | ((v: unknown) => string | true);
}

/** A labelled text input bound to react-hook-form; the error (a §5 message) shows under it. */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  validate,
  type = 'text',
  autoComplete,
  autoFocus,
  placeholder,
  password,
}: BaseProps<T> & { type?: string; autoComplete?: string; autoFocus?: boolean; placeholder?: string; password?: boolean }) {
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      rules={validate ? { validate: (v) => validate(v) } : undefined}
      render={({ field, fieldState }) => {
        const Comp = password ? PasswordInput : Input;
        const errorId = `${id}-error`;
        return (
          <div style={{ display: 'grid', gap: 4 }}>
            <label htmlFor={id}>{label}</label>
            <Comp
              {...field}
              id={id}
              value={(field.value as string) ?? ''}
              type={password ? undefined : type}
              autoComplete={autoComplete}
              autoFocus={autoFocus}
              placeholder={placeholder}
              invalid={!!fieldState.error}
              aria-describedby={fieldState.error ? errorId : undefined}
            />
            {fieldState.error && (
              <span id={errorId} role="alert" style={errorStyle}>
                {fieldState.error.message}
              </span>
            )}
          </div>
        );
      }}
    />
  );
}

/** A checkbox (adult certification, terms). */
export function CheckboxField<T extends FieldValues>({ control, name, label, validate }: BaseProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      rules={validate ? { validate: (v) => validate(v) } : undefined}
      render={({ field, fieldState }) => (
        <div style={{ display: 'grid', gap: 2 }}>
          <Checkbox checked={!!field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref}>
            {label}
          </Checkbox>
          {fieldState.error && (
            <span role="alert" style={errorStyle}>
              {fieldState.error.message}
            </span>
          )}
        </div>
      )}
    />
  );
}

/** One choice among a few options, as a radio group in a fieldset (keyboard: arrows; wraps on mobile). */
export function ChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  validate,
  options,
}: BaseProps<T> & { options: Array<{ value: string; label: string }> }) {
  return (
    <Controller
      name={name}
      control={control}
      rules={validate ? { validate: (v) => validate(v) } : undefined}
      render={({ field, fieldState }) => (
        <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 6 }}>
          <legend style={{ padding: 0, marginBottom: 6, fontSize: 'inherit' }}>{label}</legend>
          <RadioGroup name={name} value={(field.value as string) || undefined} onChange={field.onChange} options={options} />
          {fieldState.error && (
            <span role="alert" style={errorStyle}>
              {fieldState.error.message}
            </span>
          )}
        </fieldset>
      )}
    />
  );
}

/** Keeps the `id` (shop public code) query on links between auth pages. */
export function withShopId(path: string, shopId: string | null): string {
  if (!shopId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}id=${encodeURIComponent(shopId)}`;
}

export const formStyle = { display: 'grid', gap: 16, maxWidth: 420, width: '100%' } as const;
export const titleStyle = { fontSize: 26, margin: 0 } as const;
