// The shop's own payment provider keys, owner only: Stripe (publishable key, secret key, webhook secret)
// and PayPal (client id and secret). Secrets are stored encrypted by the api and never come back: a field left empty
// keeps the stored one, whose last four characters are shown. Same rules and French messages as the api.
import { useState } from 'react';
import { Alert, Button, Card, Space, Tag } from 'antd';
import { z } from 'zod';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { ApiError, confirmPopup, notify, useSession } from 'shared-kernel/runtime';
import {
  usePaymentKeys,
  useSavePaymentKeys,
  useTestConnection,
  type ConnectionTest,
  type PaymentKeys,
  type SecretState,
} from './payment-keys.queries';
import { useTexts } from './texts';

const M = {
  publishableKey: 'La clé publique Stripe commence par pk_test_ ou pk_live_',
  secretKey: 'La clé secrète Stripe commence par sk_ ou rk_ (test ou live)',
  webhookSecret: 'Le secret de webhook Stripe commence par whsec_',
  paypalClientId: "L'identifiant client PayPal est invalide",
  paypalSecret: 'Le secret PayPal est invalide',
  paypalWebhookId: "L'identifiant de webhook PayPal est invalide",
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
    mode: z.enum(['test', 'live']),
    webhookId: optional(/^[A-Za-z0-9-]{8,100}$/, M.paypalWebhookId),
  }),
});
type Values = z.input<typeof paymentKeysFormSchema>;

const blank = (k: PaymentKeys): Values => ({
  stripe: { publishableKey: k.stripe?.publishableKey ?? '', secretKey: '', webhookSecret: '' },
  paypal: { clientId: k.paypal?.clientId ?? '', clientSecret: '', mode: k.paypal?.mode ?? 'test', webhookId: k.paypal?.webhookId ?? '' },
});

/**
 * Whether the shop is connected to a provider (its keys saved, test or live), and « Tester la connexion »: one harmless
 * call to the provider with the saved keys, its answer shown as is (French, from the api). Never a secret.
 */
function Connection({ provider, connected, mode }: { provider: 'stripe' | 'paypal'; connected: boolean; mode: 'test' | 'live' | null }) {
  const t = useTexts();
  const test = useTestConnection();
  const [result, setResult] = useState<ConnectionTest | null>(null);
  const name = provider === 'stripe' ? 'Stripe' : 'PayPal';
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Space align="center" wrap>
        <strong>{name}</strong>
        {connected ? <Tag color="green">{t.connected}</Tag> : <Tag>{t.notConnected}</Tag>}
        {connected && mode && <Tag color={mode === 'live' ? 'green' : 'gold'}>{mode === 'live' ? t.live : t.test}</Tag>}
        {connected && (
          <Button
            size="small"
            loading={test.isPending}
            onClick={async () => {
              setResult(null);
              try {
                setResult(await test.mutateAsync(provider));
              } catch (err) {
                setResult({ ok: false, message: err instanceof ApiError ? err.message : t.testFailed });
              }
            }}
          >
            {t.testConnection(name)}
          </Button>
        )}
      </Space>
      {result && <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.message} role="status" />}
    </div>
  );
}

function KeysForm({ saved }: { saved: PaymentKeys }) {
  const t = useTexts();
  const save = useSavePaymentKeys();
  const form = useZodForm(paymentKeysFormSchema, { defaultValues: blank(saved) });
  const shopId = useSession((s) => s.shop?.id);
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
        const paypal =
          v.paypal.clientId.trim() !== (saved.paypal?.clientId ?? '') ||
          !!v.paypal.clientSecret.trim() ||
          v.paypal.webhookId.trim() !== (saved.paypal?.webhookId ?? '') ||
          (!!v.paypal.clientId.trim() && v.paypal.mode !== (saved.paypal?.mode ?? 'test'));
        const body = { ...(stripe ? { stripe: v.stripe } : {}), ...(paypal ? { paypal: v.paypal } : {}) };
        if (!Object.keys(body).length) return;
        const next = await save.mutateAsync(body);
        form.reset(blank(next));
        notify.success(next.message);
      }}
    >
      <Connection provider="stripe" connected={!!saved.stripe?.secretKey.set} mode={saved.stripe?.mode ?? null} />
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
        help={
          <>
            {stored(saved.stripe?.webhookSecret)}
            {shopId ? ` · ${t.webhookEndpoint(`${window.location.origin}/v1/payments/webhooks/stripe/${shopId}`)}` : ''}
          </>
        }
        autoComplete="new-password"
      />
      <Connection provider="paypal" connected={!!saved.paypal?.clientSecret.set} mode={saved.paypal?.mode ?? null} />
      <FormField<Values>
        name="paypal.mode"
        kind="select"
        label={t.paypalMode}
        options={[
          { value: 'test', label: t.paypalSandbox },
          { value: 'live', label: t.live },
        ]}
      />
      <FormField<Values> name="paypal.clientId" label={t.paypalClientId} autoComplete="off" />
      <FormField<Values>
        name="paypal.clientSecret"
        kind="password"
        label={t.paypalSecret}
        help={stored(saved.paypal?.clientSecret)}
        autoComplete="new-password"
      />
      <FormField<Values>
        name="paypal.webhookId"
        label={t.paypalWebhookId}
        help={
          shopId
            ? `${t.paypalWebhookHelp} ${t.paypalWebhookEndpoint(`${window.location.origin}/v1/payments/webhooks/paypal/${shopId}`)}`
            : t.paypalWebhookHelp
        }
        autoComplete="off"
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
