// The shop's own payment provider keys (issue 17), owner only: Stripe (publishable key, secret key, webhook secret)
// and PayPal (client id and secret). Secrets are stored encrypted by the api and never come back: a field left empty
// keeps the stored one, whose last four characters are shown. Same rules and French messages as the api.
import { Alert, Button, Card, Space, Tag } from 'antd';
import { z } from 'zod';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import { usePaymentKeys, useSavePaymentKeys, type PaymentKeys, type SecretState } from './payment-keys.queries';
import { useTexts } from './texts';

const M = {
  publishableKey: 'La clé publique Stripe commence par pk_test_ ou pk_live_',
  secretKey: 'La clé secrète Stripe commence par sk_ ou rk_ (test ou live)',
  webhookSecret: 'Le secret de webhook Stripe commence par whsec_',
  paypalClientId: "L'identifiant client PayPal est invalide",
  paypalSecret: 'Le secret PayPal est invalide',
};
const optional = (re: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || re.test(v), message);

export const paymentKeysFormSchema = z.object({
  stripe: z.object({
    publishableKey: optional(/^pk_(test|live)_[A-Za-z0-9]{10,200}$/, M.publishableKey),
    secretKey: optional(/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,200}$/, M.secretKey),
    webhookSecret: optional(/^whsec_[A-Za-z0-9+/=]{10,200}$/, M.webhookSecret),
  }),
  paypal: z.object({
    clientId: optional(/^[A-Za-z0-9_-]{20,200}$/, M.paypalClientId),
    clientSecret: optional(/^[A-Za-z0-9_-]{20,200}$/, M.paypalSecret),
  }),
});
type Values = z.input<typeof paymentKeysFormSchema>;

const blank = (k: PaymentKeys): Values => ({
  stripe: { publishableKey: k.stripe?.publishableKey ?? '', secretKey: '', webhookSecret: '' },
  paypal: { clientId: k.paypal?.clientId ?? '', clientSecret: '' },
});

function KeysForm({ saved }: { saved: PaymentKeys }) {
  const t = useTexts();
  const save = useSavePaymentKeys();
  const form = useZodForm(paymentKeysFormSchema, { defaultValues: blank(saved) });
  const stored = (s: SecretState | undefined) => (s?.set ? t.keyStored(s.last4 ?? '') : t.keyMissing);
  const remove = async (provider: 'stripe' | 'paypal') => {
    const ok = await confirmPopup({
      title: t.removeTitle(provider === 'stripe' ? 'Stripe' : 'PayPal'),
      content: t.removeText,
      okText: t.remove,
    });
    if (!ok) return;
    const next = await save.mutateAsync({ [provider]: null });
    form.reset(blank(next));
    notify.success(next.message);
  };
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12 }}
      onSubmit={async (v) => {
        // a provider is sent when something of it changed: a new public id, or a secret typed ('' keeps the stored one)
        const stripe =
          v.stripe.publishableKey.trim() !== (saved.stripe?.publishableKey ?? '') ||
          !!v.stripe.secretKey.trim() ||
          !!v.stripe.webhookSecret.trim();
        const paypal = v.paypal.clientId.trim() !== (saved.paypal?.clientId ?? '') || !!v.paypal.clientSecret.trim();
        const body = { ...(stripe ? { stripe: v.stripe } : {}), ...(paypal ? { paypal: v.paypal } : {}) };
        if (!Object.keys(body).length) return;
        const next = await save.mutateAsync(body);
        form.reset(blank(next));
        notify.success(next.message);
      }}
    >
      <Space align="center" wrap>
        <strong>Stripe</strong>
        {saved.stripe && (
          <Tag color={saved.stripe.mode === 'live' ? 'green' : 'gold'}>{saved.stripe.mode === 'live' ? t.live : t.test}</Tag>
        )}
      </Space>
      <FormField<Values> name="stripe.publishableKey" label={t.publishableKey} placeholder="pk_live_…" autoComplete="off" />
      <FormField<Values>
        name="stripe.secretKey"
        kind="password"
        label={t.secretKey}
        help={stored(saved.stripe?.secretKey)}
        autoComplete="new-password"
      />
      <FormField<Values>
        name="stripe.webhookSecret"
        kind="password"
        label={t.webhookSecret}
        help={stored(saved.stripe?.webhookSecret)}
        autoComplete="new-password"
      />
      <strong>PayPal</strong>
      <FormField<Values> name="paypal.clientId" label={t.paypalClientId} autoComplete="off" />
      <FormField<Values>
        name="paypal.clientSecret"
        kind="password"
        label={t.paypalSecret}
        help={stored(saved.paypal?.clientSecret)}
        autoComplete="new-password"
      />
      <Space wrap>
        <SubmitButton>{t.saveKeys}</SubmitButton>
        {saved.stripe && (
          <Button danger onClick={() => void remove('stripe')}>
            {t.removeStripe}
          </Button>
        )}
        {saved.paypal && (
          <Button danger onClick={() => void remove('paypal')}>
            {t.removePaypal}
          </Button>
        )}
      </Space>
    </ZodForm>
  );
}

/** The card of the integrations section (owner): loads the masked keys, then the form. */
export function PaymentKeysCard() {
  const t = useTexts();
  const query = usePaymentKeys(true);
  return (
    <Card title={t.paymentCard} size="small">
      <p style={{ marginTop: 0 }}>{t.paymentHelp}</p>
      <Alert type="warning" showIcon message={t.notUsedYet} style={{ marginBottom: 12 }} />
      {query.isPending && <p aria-busy="true">{t.loading}</p>}
      {query.isError && (
        <p role="alert">
          {t.loadError}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </p>
      )}
      {query.data && <KeysForm saved={query.data} />}
    </Card>
  );
}
