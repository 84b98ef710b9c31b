// /dashboard/settings?link=products: what a new product gets (VAT, format, visible typologies) and two §3 shop settings.
import { Alert, Button, Card, Skeleton } from 'antd';
import { z } from 'zod';
import type { ProductDefaults, TariffTypologyUsage } from 'shared-kernel/contracts';
import { PRODUCT_VAT_TYPES } from 'shared-kernel/contracts';
import { CONTAINERS, UNITS } from 'shared-kernel/domain';
import { errorMessage, FormField, SubmitButton, useZodForm, withQueryScope, ZodForm } from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { MESSAGES } from 'shared-kernel/validation';
import { useProductDefaults, useSaveProductDefaults } from './product-defaults.queries';
import { useTexts } from './texts';

const whole = z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(1, MESSAGES.number);

export const productDefaultsFormSchema = z.object({
  vatType: z.enum(PRODUCT_VAT_TYPES),
  unity: z.enum(['litre', 'kilogramme', 'gramme', 'unite']),
  value: whole,
  container: z.string().nullable(),
  packing: z.string().max(60),
  packingQuantity: whole,
  visibleTypologies: z.array(z.string()),
  titleProducts: z.string().max(100),
  allRulesInEq75: z.boolean(),
});

const CONTAINER_OPTIONS = Object.values(CONTAINERS).flatMap((list) => list.map((c) => ({ value: c.value, label: c.label })));

function DefaultsForm({
  defaults,
  typologies,
  readOnly,
}: {
  defaults: ProductDefaults;
  typologies: TariffTypologyUsage[];
  readOnly: boolean;
}) {
  const t = useTexts();
  const save = useSaveProductDefaults();
  const form = useZodForm(productDefaultsFormSchema, {
    defaultValues: {
      vatType: defaults.vatType,
      unity: defaults.format.unity,
      value: defaults.format.value,
      container: defaults.format.container,
      packing: defaults.format.packing ?? '',
      packingQuantity: defaults.format.packingQuantity,
      visibleTypologies: defaults.visibleTypologies,
      titleProducts: defaults.titleProducts,
      allRulesInEq75: defaults.allRulesInEq75,
    },
  });
  return (
    <ZodForm
      form={form}
      onSubmit={async (v) => {
        await save.mutateAsync({
          vatType: v.vatType,
          format: {
            unity: v.unity,
            value: v.value,
            container: v.container || null,
            packing: v.packing.trim() || null,
            packingQuantity: v.packingQuantity,
          },
          visibleTypologies: v.visibleTypologies,
          titleProducts: v.titleProducts,
          allRulesInEq75: v.allRulesInEq75,
        });
        notify.success(t.saved);
        form.reset(v);
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 8 }}>
        <FormField
          name="vatType"
          label={t.vatType}
          kind="select"
          required
          options={PRODUCT_VAT_TYPES.map((v) => ({ value: v, label: t.vatTypes[v] }))}
        />
        <Card size="small" title={t.formatCard}>
          <FormField name="unity" label={t.unity} kind="select" required options={UNITS.map((u) => ({ value: u.value, label: u.label }))} />
          <FormField name="value" label={t.value} kind="number" min={1} precision={0} help={t.valueHelp} required />
          <FormField name="container" label={t.container} kind="select" options={CONTAINER_OPTIONS} searchable />
          <FormField name="packing" label={t.packing} maxLength={60} />
          <FormField name="packingQuantity" label={t.packingQuantity} kind="number" min={1} precision={0} required />
        </Card>
        <FormField
          name="visibleTypologies"
          label={t.visibleTypologies}
          kind="select"
          multiple
          options={typologies.map((ty) => ({ value: ty.id, label: ty.name }))}
        />
        <FormField name="titleProducts" label={t.titleProducts} maxLength={100} />
        <FormField name="allRulesInEq75" label={t.allRulesInEq75} kind="switch" />
      </fieldset>
      {!readOnly && <SubmitButton />}
    </ZodForm>
  );
}

export const ProductDefaultsSection = withQueryScope(function ProductDefaultsSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const query = useProductDefaults();
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 560 }}>
      <p style={{ margin: 0, color: '#555' }}>{t.intro}</p>
      {!isOwner && <Alert type="info" showIcon title={t.ownerOnly} />}
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
      {query.data && <DefaultsForm defaults={query.data.defaults} typologies={query.data.typologies} readOnly={!isOwner} />}
    </div>
  );
});
