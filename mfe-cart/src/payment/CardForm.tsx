// The card form of a payment (spec §5: 'Mauvais numéro de carte', "Date d'expiration invalide",
// 'CVV invalide'). Sandbox provider: number / MM/YY / CVV posted to the api. Stripe (a publishable key
// and a client secret in nextAction): Stripe.js card element + confirmCardPayment / confirmCardSetup,
// the api then learns the result from Stripe's webhook (the caller polls).
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Input } from 'antd';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { CheckoutPaymentMethod, PayRequest } from 'shared-kernel/contracts';
import { CART_MESSAGES } from 'shared-kernel/contracts';
import { useSession } from 'shared-kernel/runtime';
import { cardExpiration, cardNumber, cvv, needed, type Validator } from 'shared-kernel/validation';
import { TEXTS, useTexts } from '../texts';

interface CardValues {
  number: string;
  expiration: string;
  cvv: string;
  holder: string;
  iban: string;
}

/** '4000000000003220' → '4000 0000 0000 3220' (display only; the validator ignores spaces). */
export const groupCardNumber = (v: string): string =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1228' → '12/28' while typing. */
export function formatExpiration(v: string): string {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** IBAN: 2 letters, 2 digits, 11 to 30 letters/digits (spaces ignored); `invalid` in the page's language. */
export const ibanValidatorWith =
  (invalid: string): Validator =>
  (value) => {
    const v = String(value ?? '')
      .replace(/\s/g, '')
      .toUpperCase();
    if (!v) return needed(v);
    return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) ? true : invalid;
  };
export const ibanValidator: Validator = ibanValidatorWith(TEXTS.fr.pay.ibanInvalid);

function Field({ label, error, children, id }: { label: string; error?: string; children: React.ReactNode; id: string }) {
  return (
    <div className="wz-pay-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <span id={`${id}-error`} role="alert" className="wz-pay-error">
          {error}
        </span>
      )}
    </div>
  );
}

export interface CardFormProps {
  /** cents */
  amount: number;
  method: CheckoutPaymentMethod;
  /** Sandbox: the card (or IBAN) goes to the api. */
  onPay(body: PayRequest): Promise<void>;
  /** Stripe: keys from nextAction; when both are present Stripe.js takes the card. */
  stripe?: { publishableKey?: string; clientSecret?: string } | null;
  /** Stripe confirmed on its side: the caller waits for the webhook. */
  onStripeConfirmed?(): void;
  /** The failure message of the previous attempt (the buyer retries). */
  error?: string | null;
}

export function CardForm(props: CardFormProps) {
  const { publishableKey, clientSecret } = props.stripe ?? {};
  if (publishableKey && clientSecret && props.method === 'stripeSepa')
    return <StripeSepaForm {...props} publishableKey={publishableKey} clientSecret={clientSecret} />;
  if (publishableKey && clientSecret) return <StripeCardForm {...props} publishableKey={publishableKey} clientSecret={clientSecret} />;
  return <SandboxCardForm {...props} />;
}

/** Stripe SEPA mandate: holder and IBAN go to Stripe (confirmSepaDebitPayment), never to the api. */
function StripeSepaForm({
  amount,
  publishableKey,
  clientSecret,
  onStripeConfirmed,
  error: previous,
}: CardFormProps & { publishableKey: string; clientSecret: string }) {
  const id = useId();
  const t = useTexts().pay;
  const email = useSession((st) => st.user?.email ?? '');
  const { control, handleSubmit, watch, formState } = useForm<{ holder: string; iban: string }>({
    defaultValues: { holder: '', iban: '' },
    mode: 'onTouched',
  });
  const [error, setError] = useState<string | null>(previous ?? null);
  const [holder, iban] = watch(['holder', 'iban']);
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const { loadStripe } = await import('@stripe/stripe-js');
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('stripe');
      const res = await stripe.confirmSepaDebitPayment(clientSecret, {
        payment_method: {
          sepa_debit: { iban: v.iban.replace(/\s/g, '').toUpperCase() },
          billing_details: { name: v.holder.trim(), email },
        },
      });
      if (res.error) setError(CART_MESSAGES.payment);
      else onStripeConfirmed?.();
    } catch {
      setError(CART_MESSAGES.payment);
    }
  });
  const field = (name: 'holder' | 'iban', label: string, validate: Validator) => (
    <Controller
      name={name}
      control={control}
      rules={{ validate: (x) => validate(x) }}
      render={({ field: f, fieldState }) => (
        <Field label={label} id={`${id}-${name}`} error={fieldState.error?.message}>
          <Input
            {...f}
            id={`${id}-${name}`}
            size="large"
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={fieldState.error ? true : undefined}
            autoComplete={name === 'holder' ? 'name' : 'off'}
          />
        </Field>
      )}
    />
  );
  return (
    <form className="wz-pay-form" onSubmit={submit} noValidate aria-label={t.sepaTitle} data-testid="card-form">
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid="payment-error" />}
      {field('holder', t.holder, needed)}
      {field('iban', t.iban, ibanValidatorWith(t.ibanInvalid))}
      <p className="wz-pay-note">{t.sepaMandate}</p>
      <PayButton amount={amount} disabled={!holder.trim() || !iban.trim() || formState.isSubmitting} loading={formState.isSubmitting} />
    </form>
  );
}

function PayButton({ amount, disabled, loading }: { amount: number; disabled: boolean; loading: boolean }) {
  const texts = useTexts();
  const t = texts.pay;
  return (
    <Button type="primary" htmlType="submit" size="large" block icon={<LockOutlined aria-hidden />} disabled={disabled} loading={loading}>
      {amount > 0 ? `${t.pay} ${texts.fmt.money(amount)}` : t.saveCard}
    </Button>
  );
}

function SandboxCardForm({ amount, method, onPay, error }: CardFormProps) {
  const id = useId();
  const t = useTexts().pay;
  const sepa = method === 'stripeSepa';
  const { control, handleSubmit, watch, formState } = useForm<CardValues>({
    defaultValues: { number: '', expiration: '', cvv: '', holder: '', iban: '' },
    mode: 'onTouched',
  });
  const [n, e, c, iban] = watch(['number', 'expiration', 'cvv', 'iban']);
  const empty = sepa ? !iban.trim() : !n.trim() || !e.trim() || !c.trim();
  const submit = handleSubmit(async (v) => {
    const body: PayRequest = sepa
      ? { iban: v.iban.replace(/\s/g, '').toUpperCase() }
      : {
          card: {
            number: v.number.replace(/[\s-]/g, ''),
            expiration: v.expiration.trim(),
            cvv: v.cvv.trim(),
            ...(v.holder.trim() ? { holder: v.holder.trim() } : {}),
          },
        };
    await onPay(body);
  });
  const input = (
    name: keyof CardValues,
    label: string,
    validate: Validator | undefined,
    extra: Record<string, unknown>,
    format?: (v: string) => string,
  ) => (
    <Controller
      name={name}
      control={control}
      rules={validate ? { validate: (v) => validate(v) } : undefined}
      render={({ field, fieldState }) => (
        <Field label={label} id={`${id}-${name}`} error={fieldState.error?.message}>
          <Input
            {...field}
            {...extra}
            id={`${id}-${name}`}
            size="large"
            value={field.value}
            onChange={(ev) => field.onChange(format ? format(ev.target.value) : ev.target.value)}
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-${name}-error` : undefined}
          />
        </Field>
      )}
    />
  );
  return (
    <form className="wz-pay-form" onSubmit={submit} noValidate aria-label={sepa ? t.sepaTitle : t.cardTitle} data-testid="card-form">
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid="payment-error" />}
      {sepa ? (
        <>
          {input('holder', t.holder, needed, { autoComplete: 'name' })}
          {input('iban', t.iban, ibanValidatorWith(t.ibanInvalid), { autoComplete: 'off', placeholder: 'FR76 …', spellCheck: false })}
          <p className="wz-pay-note">{t.sepaMandate}</p>
        </>
      ) : (
        <>
          {input(
            'number',
            t.cardNumber,
            cardNumber,
            { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 5678 9012 3456' },
            groupCardNumber,
          )}
          <div className="wz-pay-row">
            {input(
              'expiration',
              t.expiration,
              cardExpiration,
              { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: t.expirationPlaceholder, maxLength: 5 },
              formatExpiration,
            )}
            {input('cvv', t.cvv, cvv, { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123', maxLength: 3 }, (v) =>
              v.replace(/\D/g, '').slice(0, 3),
            )}
          </div>
          {input('holder', t.holderOptional, undefined, { autoComplete: 'cc-name' })}
          {method === 'imprint' && <p className="wz-pay-note">{t.imprintNote}</p>}
        </>
      )}
      <PayButton amount={method === 'imprint' ? 0 : amount} disabled={empty || formState.isSubmitting} loading={formState.isSubmitting} />
      <p className="wz-pay-note">{t.secure}</p>
    </form>
  );
}

function StripeCardForm({
  amount,
  method,
  publishableKey,
  clientSecret,
  onStripeConfirmed,
  error: previous,
}: CardFormProps & { publishableKey: string; clientSecret: string }) {
  const mount = useRef<HTMLDivElement>(null);
  const { pay: t, lang } = useTexts();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(previous ?? null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((s) => {
        if (cancelled || !s || !mount.current) {
          if (!s && !cancelled) setLoadFailed(true);
          return;
        }
        element = s.elements({ locale: lang }).create('card', { hidePostalCode: true });
        element.mount(mount.current);
        element.on('change', (ev) => {
          setComplete(ev.complete);
          setError(ev.error ? (ev.error.message ?? CART_MESSAGES.payment) : null);
        });
        setStripe(s);
        setCard(element);
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey, lang]);

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!stripe || !card || busy) return;
    setBusy(true);
    setError(null);
    try {
      const setup = clientSecret.startsWith('seti_') || method === 'imprint';
      const res = setup
        ? await stripe.confirmCardSetup(clientSecret, { payment_method: { card } })
        : await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (res.error) setError(CART_MESSAGES.payment);
      else onStripeConfirmed?.();
    } catch {
      setError(CART_MESSAGES.payment);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wz-pay-form" onSubmit={submit} noValidate aria-label={t.cardTitle} data-testid="card-form">
      {error && <Alert type="error" showIcon title={error} role="alert" data-testid="payment-error" />}
      {loadFailed && <Alert type="error" showIcon title={t.stripeUnavailable} role="alert" />}
      <div className="wz-pay-field">
        <span>{t.card}</span>
        <div ref={mount} className="wz-pay-stripe" data-testid="stripe-card" />
      </div>
      <PayButton amount={method === 'imprint' ? 0 : amount} disabled={!stripe || !complete || busy} loading={busy} />
      <p className="wz-pay-note">{t.secure}</p>
    </form>
  );
}
