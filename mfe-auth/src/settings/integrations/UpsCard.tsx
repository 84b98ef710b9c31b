// The UPS card of the integrations section (module `ups`, owner or iam with manageDelivery): the credentials of the
// shop's UPS application and account, whether they are configured and verified, and « Tester la connexion ». The
// secret is stored encrypted by the api and never comes back: an empty field keeps it. Same rules and French messages
// as the api (modules/shipping/shipping.schemas.ts).
import { useState } from 'react';
import { Alert, Button, Card, Space, Tag } from 'antd';
import { z } from 'zod';
import { formatDate } from 'shared-kernel/domain';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { ApiError, notify } from 'shared-kernel/runtime';
import { useSaveUpsAccount, useTestUpsConnection, useUpsAccount, type UpsAccount, type UpsConnectionTest } from './ups.queries';
import { useUpsTexts } from './ups.texts';

const M = {
  clientId: "L'identifiant client UPS est invalide (lettres et chiffres, tel que le portail développeur UPS le donne)",
  clientSecret: 'Le secret client UPS est invalide',
  secretNeeded: 'Indiquez le secret client UPS',
  accountNumber: 'Le numéro de compte UPS compte 6 caractères (lettres et chiffres)',
};

export const upsFormSchema = (secretStored: boolean) =>
  z.object({
    clientId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, M.clientId),
    clientSecret: z
      .string()
      .trim()
      .refine((v) => v !== '' || secretStored, M.secretNeeded)
      .refine((v) => v === '' || /^[A-Za-z0-9_+/=-]{8,200}$/.test(v), M.clientSecret),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{6}$/, M.accountNumber),
    environment: z.enum(['test', 'production']),
  });
type Values = z.input<ReturnType<typeof upsFormSchema>>;

const blank = (a: UpsAccount): Values => ({
  clientId: a.clientId ?? '',
  clientSecret: '',
  accountNumber: a.accountNumber ?? '',
  environment: a.environment,
});

function UpsForm({ saved }: { saved: UpsAccount }) {
  const t = useUpsTexts();
  const save = useSaveUpsAccount();
  const test = useTestUpsConnection();
  const [result, setResult] = useState<UpsConnectionTest | null>(null);
  const form = useZodForm(upsFormSchema(saved.clientSecretSet), { defaultValues: blank(saved) });
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12 }}
      onSubmit={async (v) => {
        const next = await save.mutateAsync({ ...v, accountNumber: v.accountNumber.toUpperCase() });
        form.reset(blank(next));
        setResult(null);
        notify.success(next.message);
      }}
    >
      <Space align="center" wrap>
        {saved.configured ? <Tag color="green">{t.configured}</Tag> : <Tag>{t.notConfigured}</Tag>}
        {saved.configured && (
          <Tag color={saved.environment === 'production' ? 'green' : 'gold'}>
            {saved.environment === 'production' ? t.production : t.test}
          </Tag>
        )}
        {saved.configured && <span>{saved.verifiedAt ? t.verified(formatDate(saved.verifiedAt, { withTime: true })) : t.notVerified}</span>}
        {saved.configured && (
          <Button
            size="small"
            loading={test.isPending}
            onClick={async () => {
              setResult(null);
              try {
                setResult(await test.mutateAsync());
              } catch (err) {
                setResult({ ok: false, message: err instanceof ApiError ? err.message : t.testFailed });
              }
            }}
          >
            {t.testConnection}
          </Button>
        )}
      </Space>
      {result && <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.message} role="status" />}
      <FormField<Values> name="clientId" label={t.clientId} autoComplete="off" />
      <FormField<Values>
        name="clientSecret"
        kind="password"
        label={t.clientSecret}
        help={saved.clientSecretSet ? t.secretStored : t.secretMissing}
        autoComplete="new-password"
      />
      <FormField<Values> name="accountNumber" label={t.accountNumber} help={t.accountNumberHelp} autoComplete="off" />
      <FormField<Values>
        name="environment"
        kind="select"
        label={t.environment}
        options={[
          { value: 'test', label: t.test },
          { value: 'production', label: t.production },
        ]}
      />
      <Space wrap>
        <SubmitButton>{t.save}</SubmitButton>
      </Space>
    </ZodForm>
  );
}

/** The card (mount it in the integrations section while the module `ups` is on): loads the account, then the form. */
export function UpsCard() {
  const t = useUpsTexts();
  const query = useUpsAccount();
  return (
    <Card title={t.title} size="small">
      <p style={{ marginTop: 0 }}>{t.help}</p>
      {query.isPending && <p aria-busy="true">{t.loading}</p>}
      {query.isError && (
        <p role="alert">
          {t.loadError}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </p>
      )}
      {query.data && <UpsForm saved={query.data} />}
    </Card>
  );
}
