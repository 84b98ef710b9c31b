// Labelled antd inputs bound to react-hook-form (the §5 message of the form's schema shows under the field), and
// the address block (its §5 required fields are checkoutAddressSchema's, in checkout.schema.ts).
import { useId, useMemo, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Input, Select } from 'antd';
import { RESTRICTED_COUNTRIES } from 'shared-kernel/domain';
import type { Address, User } from 'shared-kernel/contracts';
import { countryName, type Lang } from '../format';
import { useTexts } from '../texts';

/** The §5 message of a field, read out when it appears. */
export function FieldError({ error, id }: { error?: { message?: string }; id?: string }) {
  if (!error) return null;
  return (
    <span id={id} role="alert" className="wz-co-error">
      {error.message}
    </span>
  );
}

/** A required choice among radios: its label (read as the group's name) and its message. */
export function RadioGroupField({ label, error, children }: { label: string; error?: { message?: string }; children: ReactNode }) {
  return (
    <div className="wz-co-field" role="radiogroup" aria-label={label}>
      <span className="wz-co-label">
        {label}
        <span aria-hidden className="wz-co-required">
          {' '}
          *
        </span>
      </span>
      {children}
      <FieldError error={error} />
    </div>
  );
}

export function TextField<F extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  type = 'text',
  inputMode,
  maxLength,
  required = false,
  textarea = false,
  placeholder,
}: {
  control: Control<F>;
  name: FieldPath<F>;
  label: ReactNode;
  autoComplete?: string;
  type?: string;
  inputMode?: 'text' | 'tel' | 'numeric' | 'decimal' | 'email';
  maxLength?: number;
  required?: boolean;
  textarea?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const errorId = `${id}-error`;
        const common = {
          ...field,
          id,
          value: (field.value as string) ?? '',
          status: fieldState.error ? ('error' as const) : undefined,
          'aria-invalid': fieldState.error ? true : undefined,
          'aria-describedby': fieldState.error ? errorId : undefined,
          'aria-required': required || undefined,
          maxLength,
          placeholder,
        };
        return (
          <div className="wz-co-field">
            <label htmlFor={id}>
              {label}
              {required && (
                <span aria-hidden className="wz-co-required">
                  {' '}
                  *
                </span>
              )}
            </label>
            {textarea ? (
              <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} showCount={!!maxLength} />
            ) : (
              <Input {...common} type={type} inputMode={inputMode} autoComplete={autoComplete} />
            )}
            <FieldError error={fieldState.error} id={errorId} />
          </div>
        );
      }}
    />
  );
}

/** Countries offered for delivery/billing: France first, then the EU + Switzerland, then the United Kingdom (French names). */
export const COUNTRY_OPTIONS: Array<{ value: string; label: string }> = [
  { value: 'FR', label: 'France' },
  ...RESTRICTED_COUNTRIES.filter((c) => c.value !== 'FR')
    .map((c) => ({ value: c.value, label: c.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr')),
  { value: 'GB', label: 'Royaume-Uni' },
];

/** The same countries named in the language (English names from Intl, sorted the English way; France first, UK last). */
export function countryOptions(lang: Lang): Array<{ value: string; label: string }> {
  if (lang === 'fr') return COUNTRY_OPTIONS;
  const named = COUNTRY_OPTIONS.map((c) => ({ value: c.value, label: countryName(c.value, lang) ?? c.label }));
  const [first, ...rest] = named;
  const last = rest.pop()!;
  return [first, ...rest.sort((a, b) => a.label.localeCompare(b.label, 'en')), last];
}

export interface AddressValues {
  firstname: string;
  lastname: string;
  company: string;
  street: string;
  street2: string;
  zipcode: string;
  city: string;
  country: string;
}

/** The §5 required fields of an address block (used to disable the submit while one is empty). */
export const REQUIRED_ADDRESS_FIELDS = ['firstname', 'lastname', 'street', 'zipcode', 'city', 'country'] as const;

export function AddressFields<F extends FieldValues>({
  control,
  prefix,
  legend,
}: {
  control: Control<F>;
  prefix: 'deliveryAddress' | 'billingAddress';
  legend: string;
}) {
  const n = (k: keyof AddressValues) => `${prefix}.${k}` as FieldPath<F>;
  const ac = prefix === 'deliveryAddress' ? 'shipping' : 'billing';
  const countryId = useId();
  const texts = useTexts();
  const T = texts.checkout;
  const options = useMemo(() => countryOptions(texts.lang), [texts.lang]);
  return (
    <fieldset className="wz-co-fieldset">
      <legend>{legend}</legend>
      <div className="wz-co-grid2">
        <TextField control={control} name={n('firstname')} label={T.firstname} autoComplete={`${ac} given-name`} required maxLength={100} />
        <TextField control={control} name={n('lastname')} label={T.lastname} autoComplete={`${ac} family-name`} required maxLength={100} />
      </div>
      <TextField control={control} name={n('company')} label={T.company} autoComplete={`${ac} organization`} maxLength={200} />
      <TextField control={control} name={n('street')} label={T.street} autoComplete={`${ac} address-line1`} required maxLength={200} />
      <TextField control={control} name={n('street2')} label={T.street2} autoComplete={`${ac} address-line2`} maxLength={200} />
      <div className="wz-co-grid2">
        <TextField control={control} name={n('zipcode')} label={T.zipcode} autoComplete={`${ac} postal-code`} required maxLength={20} />
        <TextField control={control} name={n('city')} label={T.city} autoComplete={`${ac} address-level2`} required maxLength={100} />
      </div>
      <Controller
        name={n('country')}
        control={control}
        render={({ field, fieldState }) => (
          <div className="wz-co-field">
            <label htmlFor={countryId}>
              {T.country}
              <span aria-hidden className="wz-co-required">
                {' '}
                *
              </span>
            </label>
            <Select
              id={countryId}
              value={(field.value as string) || undefined}
              onChange={(v) => field.onChange(v)}
              onBlur={field.onBlur}
              options={options}
              showSearch={{ optionFilterProp: 'label' }}
              status={fieldState.error ? 'error' : undefined}
              aria-required
              placeholder={T.countryPlaceholder}
            />
            <FieldError error={fieldState.error} />
          </div>
        )}
      />
    </fieldset>
  );
}

/** A saved address code or name → an ISO code ('France' → 'FR'); unknown → ''. */
export function countryCode(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (/^[A-Za-z]{2}$/.test(v)) return v.toUpperCase();
  const same = (a: string, lang: Lang) => a.localeCompare(v, lang, { sensitivity: 'base' }) === 0;
  const found = COUNTRY_OPTIONS.find((c) => same(c.label, 'fr')) ?? countryOptions('en').find((c) => same(c.label, 'en'));
  return found?.value ?? '';
}

/** Prefill from the user's saved address (spec §3 Address: name = recipient, street_number + street). */
export function addressFromUser(user: User | null, saved: Address | null | undefined): AddressValues {
  const [first, ...rest] = (saved?.name ?? '').trim().split(/\s+/).filter(Boolean);
  const street = [saved?.street_number, saved?.street].filter((s) => s && s.trim()).join(' ');
  return {
    firstname: user?.firstname?.trim() || first || '',
    lastname: user?.lastname?.trim() || rest.join(' ') || '',
    company: '',
    street,
    street2: saved?.street2 ?? '',
    zipcode: saved?.zipcode ?? '',
    city: saved?.city ?? '',
    country: countryCode(saved?.country) || 'FR',
  };
}

export function isAddressComplete(a: AddressValues): boolean {
  return REQUIRED_ADDRESS_FIELDS.every((k) => String(a[k] ?? '').trim() !== '');
}

/** The address as the contract wants it (optional fields left out when empty). */
export function toCheckoutAddress(a: AddressValues) {
  return {
    firstname: a.firstname.trim(),
    lastname: a.lastname.trim(),
    street: a.street.trim(),
    ...(a.street2.trim() ? { street2: a.street2.trim() } : {}),
    zipcode: a.zipcode.trim(),
    city: a.city.trim(),
    country: a.country.trim().toUpperCase(),
    ...(a.company.trim() ? { company: a.company.trim() } : {}),
  };
}
