// One form field over the antd inputs, bound to react-hook-form with Controller: label (with the required mark),
// help text, and the error message under the field, tied to the input with aria-invalid / aria-describedby.
import { useId, useLayoutEffect, type ReactNode } from 'react';
import { Checkbox, Input, Select, Switch } from 'antd';
import { Controller, useFormContext, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { DatePicker, NumberInput } from 'shared-kernel/ui';
import { kitTexts } from '../kit-texts';

export type FormFieldKind =
  'text' | 'email' | 'tel' | 'password' | 'textarea' | 'number' | 'select' | 'switch' | 'checkbox' | 'date' | 'month';

export interface FieldOption {
  value: string | number;
  label: ReactNode;
  disabled?: boolean;
}

/** What a custom input (`render`) must put on its focusable element. */
export interface FieldA11y {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FormFieldProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: ReactNode;
  /** The form's control; defaults to the one of the enclosing `<ZodForm>` (FormProvider). */
  control?: Control<T, unknown, unknown>;
  /** Default 'text'. */
  kind?: FormFieldKind;
  /** Shows the required mark (the rule itself is the schema's). */
  required?: boolean;
  help?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** select */
  options?: readonly FieldOption[];
  /** select: several values */
  multiple?: boolean;
  /** select: a search box filtering the options by label */
  searchable?: boolean;
  /** number: bounds, step, decimals; date: earliest/latest day (ISO) */
  min?: number | string;
  max?: number | string;
  step?: number;
  precision?: number;
  /** number: text after the number ('€', 'cl') */
  suffix?: ReactNode;
  /** textarea */
  rows?: number;
  maxLength?: number;
  autoComplete?: string;
  /** checkbox: the text beside the box (default: the label) */
  children?: ReactNode;
  /** Any other input: render it with `field` (value, onChange, onBlur, ref) and put `a11y` on its focusable element. */
  render?: (field: ControllerRenderProps<T, FieldPath<T>>, a11y: FieldA11y) => ReactNode;
  id?: string;
  /** Extra props for the antd input. */
  inputProps?: Record<string, unknown>;
}

const ERROR_COLOR = 'var(--ant-color-error, #b42318)';
const HELP_COLOR = 'var(--ant-color-text-description, #595959)';

/** Puts the ARIA attributes on the element with `id` (some antd inputs and the ui DatePicker do not pass them on). */
function useAria(id: string, a11y: FieldA11y) {
  const describedBy = a11y['aria-describedby'];
  const invalid = a11y['aria-invalid'];
  const required = a11y['aria-required'];
  useLayoutEffect(() => {
    const el = typeof document !== 'undefined' ? document.getElementById(id) : null;
    if (!el) return;
    const set = (name: string, value: string | undefined) =>
      value === undefined ? el.removeAttribute(name) : el.setAttribute(name, value);
    set('aria-invalid', invalid ? 'true' : undefined);
    set('aria-describedby', describedBy);
    set('aria-required', required ? 'true' : undefined);
  });
}

function FieldInput<T extends FieldValues>({
  props,
  field,
  a11y,
  invalid,
}: {
  props: FormFieldProps<T>;
  field: ControllerRenderProps<T, FieldPath<T>>;
  a11y: FieldA11y;
  invalid: boolean;
}) {
  const {
    kind = 'text',
    placeholder,
    disabled,
    options,
    multiple,
    searchable,
    min,
    max,
    step,
    precision,
    suffix,
    rows,
    maxLength,
    autoComplete,
    inputProps,
  } = props;
  useAria(a11y.id, a11y);
  const status = invalid ? ('error' as const) : undefined;
  const value = field.value as unknown;
  const common = { id: a11y.id, disabled, ...inputProps };

  if (props.render) return <>{props.render(field, a11y)}</>;
  switch (kind) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          {...a11y}
          ref={field.ref}
          name={field.name}
          value={(value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          rows={rows ?? 4}
          maxLength={maxLength}
          status={status}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          // React 19: ref is a plain prop, NumberInput passes it on to InputNumber
          {...({ ref: field.ref } as object)}
          name={field.name}
          value={(value as number | string | null | undefined) ?? null}
          onChange={(v) => field.onChange(v ?? null)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          min={typeof min === 'number' ? min : undefined}
          max={typeof max === 'number' ? max : undefined}
          step={step}
          precision={precision}
          suffix={suffix}
          status={status}
          style={{ width: '100%' }}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          ref={field.ref}
          value={(value as string | number | Array<string | number> | null | undefined) ?? undefined}
          onChange={(v) => field.onChange(v ?? null)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          options={options as FieldOption[] | undefined}
          mode={multiple ? 'multiple' : undefined}
          showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
          allowClear={!props.required}
          status={status}
          style={{ width: '100%' }}
        />
      );
    case 'switch':
      return (
        <span onBlur={field.onBlur}>
          <Switch {...common} ref={field.ref} checked={!!value} onChange={(checked) => field.onChange(checked)} />
        </span>
      );
    case 'checkbox':
      return (
        <Checkbox
          {...common}
          ref={field.ref}
          name={field.name}
          checked={!!value}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
        >
          {props.children ?? props.label}
          {props.required && <RequiredMark />}
        </Checkbox>
      );
    case 'date':
    case 'month':
      return (
        // the ui DatePicker takes no onBlur: a blur inside it bubbles here (React's onBlur listens to focusout)
        // Enter confirms the typed date (the picker handles it first); it must not also submit the form
        <span onBlur={field.onBlur} onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()} style={{ display: 'block' }}>
          <DatePicker
            id={a11y.id}
            value={(value as string | null | undefined) ?? null}
            onChange={(v) => field.onChange(v)}
            min={typeof min === 'string' ? min : undefined}
            max={typeof max === 'string' ? max : undefined}
            month={kind === 'month'}
            placeholder={placeholder}
            disabled={disabled}
          />
        </span>
      );
    case 'password':
      return (
        <Input.Password
          {...common}
          {...a11y}
          ref={field.ref}
          name={field.name}
          value={(value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          autoComplete={autoComplete}
          status={status}
        />
      );
    default:
      return (
        <Input
          {...common}
          {...a11y}
          ref={field.ref}
          name={field.name}
          type={kind === 'text' ? 'text' : kind}
          value={(value as string | number | null | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
          status={status}
        />
      );
  }
}

function RequiredMark() {
  const t = kitTexts.useTexts();
  return (
    <span style={{ color: ERROR_COLOR, marginInlineStart: 4 }} title={t.required} aria-hidden="true">
      *
    </span>
  );
}

export function FormField<T extends FieldValues>(props: FormFieldProps<T>) {
  const context = useFormContext<T>();
  const control = props.control ?? context?.control;
  if (!control) throw new Error('FormField: pass `control` or render it inside <ZodForm> (FormProvider)');
  const autoId = useId();
  const id = props.id ?? `field-${String(props.name).replace(/[^\w-]/g, '-')}-${autoId.replace(/[^\w-]/g, '')}`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const kind = props.kind ?? 'text';

  return (
    <Controller
      name={props.name}
      control={control as Control<T>}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        const describedBy = [props.help ? helpId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
        const a11y: FieldA11y = {
          id,
          'aria-invalid': !!message,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(props.required ? { 'aria-required': true } : {}),
        };
        return (
          <div className="wz-field" data-field={props.name} style={{ display: 'grid', gap: 4, marginBottom: 16, minWidth: 0 }}>
            {kind !== 'checkbox' && (
              <label htmlFor={id} style={{ fontWeight: 500 }}>
                {props.label}
                {props.required && <RequiredMark />}
              </label>
            )}
            <FieldInput props={props} field={field} a11y={a11y} invalid={!!message} />
            {props.help && (
              <div id={helpId} className="wz-field-help" style={{ color: HELP_COLOR, fontSize: 12 }}>
                {props.help}
              </div>
            )}
            {message && (
              <div id={errorId} className="wz-field-error" role="alert" style={{ color: ERROR_COLOR, fontSize: 13 }}>
                {message}
              </div>
            )}
          </div>
        );
      }}
    />
  );
}
