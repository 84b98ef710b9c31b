// /dashboard/accounting/codes (editAccountingCodes): the shop's chart of accounts — the account of each
// accounting product type, VAT rate and payment method, the client accounts (one collective account or one per client),
// duties, deposits, the counter-sales client, the §3 accounting types, and exceptions for a product or a range
// (./OverridesCard.tsx), the accounts of the received supplier invoices (purchase journal HA) and of the result the
// opening entry carries (120 / 129). Each number is checked as it is typed
// (a PCG class digit first, three digits). GET / PUT /accounting/codes.
import { Alert, Button, Card, Flex, Radio, Skeleton, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { ACCOUNTING_PRODUCT_TYPES } from 'shared-kernel/domain';
import {
  accountingCodesSchema,
  PAYMENT_ACCOUNT_METHODS,
  SALES_PAYMENT_METHOD_LABELS,
  type AccountingCodes,
  type PageProps,
} from 'shared-kernel/contracts';
import { errorMessage, FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, withQueryScope, ZodForm } from 'shared-kernel/kit';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { useAccountingCodes, useSaveAccountingCodes } from './codes.queries';
import { OverridesCard } from './OverridesCard';
import { useTexts } from './texts';

const grid = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' } as const;
type Values = Record<string, unknown>;

function CodesForm({ codes }: { codes: AccountingCodes }) {
  const t = useTexts();
  const save = useSaveAccountingCodes();
  const form = useZodForm(accountingCodesSchema, { defaultValues: codes as never, mode: 'onChange' });
  useUnsavedChangesGuard(form.formState.isDirty);
  const mode = useWatch({ control: form.control, name: 'clients.mode' as never }) as unknown as string;
  const field = (name: string, label: string) => <FormField<Values> key={name} name={name} label={label} maxLength={20} required />;
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values as never);
        const { message, ...next } = saved;
        form.reset(next as never);
        notify.success(message || t.saved);
      }}
    >
      <Card title={t.products} size="small">
        <div style={grid}>{ACCOUNTING_PRODUCT_TYPES.map((p) => field(`products.${p.value}`, p.label))}</div>
      </Card>
      <Card title={t.vat} size="small">
        <div style={grid}>
          {Object.keys(codes.vat)
            .sort((a, b) => Number(b.replace('_', '.')) - Number(a.replace('_', '.')))
            .map((rate) => field(`vat.${rate}`, t.vatRate(rate.replace('_', ','))))}
        </div>
      </Card>
      <Card title={t.payments} size="small">
        <div style={grid}>
          {PAYMENT_ACCOUNT_METHODS.filter((m) => m !== 'creditNote').map((m) =>
            field(`payments.${m}`, SALES_PAYMENT_METHOD_LABELS[m as keyof typeof SALES_PAYMENT_METHOD_LABELS] ?? m),
          )}
        </div>
      </Card>
      <Card title={t.clients} size="small">
        <FormField<Values>
          name="clients.mode"
          label={t.clientsMode}
          render={(f, a11y) => (
            <Radio.Group
              id={a11y.id}
              value={f.value}
              onChange={(e) => f.onChange(e.target.value)}
              options={[
                { value: 'collective', label: t.collective },
                { value: 'auxiliary', label: t.auxiliary },
              ]}
            />
          )}
        />
        <div style={grid}>
          {mode === 'auxiliary' ? field('clients.prefix', t.prefix) : field('clients.collective', t.collectiveAccount)}
          {field('counterSalesClient', t.counterSalesClient)}
        </div>
      </Card>
      <Card title={t.others} size="small">
        <div style={grid}>
          {field('duties', t.duties)}
          {field('deposits', t.deposits)}
          {Object.keys(codes.other).map((k) => field(`other.${k}`, t.other[k] ?? k))}
        </div>
      </Card>
      <Card title={t.purchases} size="small">
        <div style={grid}>
          {field('purchases.goods', t.purchasesGoods)}
          {field('purchases.vat', t.purchasesVat)}
          {field('purchases.suppliers', t.purchasesSuppliers)}
          {field('purchases.prepayments', t.purchasesPrepayments)}
          {field('result.profit', t.resultProfit)}
          {field('result.loss', t.resultLoss)}
        </div>
      </Card>
      <OverridesCard />
      <div>
        <SubmitButton />
      </div>
    </ZodForm>
  );
}

export default withQueryScope(function AccountingCodesPage(_props: PageProps) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const query = useAccountingCodes();
  return (
    <Flex component="section" vertical gap={12} style={{ padding: mobile ? 12 : 16, maxWidth: 1000, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <p style={{ margin: 0, color: '#555' }}>{t.intro}</p>
      {query.isPending && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(query.error, t.loadError)}
          action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
        />
      )}
      {query.isSuccess && <CodesForm codes={query.data} />}
    </Flex>
  );
});
