import { useWatch } from 'react-hook-form';
import type { PromoCode } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { useCreatePromoCode, useProductOptions, useUpdatePromoCode } from './promotions.queries';
import { defaultsOf, promoCodeFormSchema, toInput, type PromoCodeFormValues } from './promo-code.schema';
import { useTexts } from './texts';

/** Add / edit a promotion code (in the section's drawer). */
export function PromoCodeForm({ code, onDone }: { code?: PromoCode; onDone(): void }) {
  const t = useTexts();
  const create = useCreatePromoCode();
  const update = useUpdatePromoCode();
  const typologies = useSession((s) => s.shop?.typologies ?? []);
  const form = useZodForm(promoCodeFormSchema, { defaultValues: defaultsOf(code) });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const products = useProductOptions(scope === 'products');
  return (
    <ZodForm
      form={form}
      onSubmit={async (values: PromoCodeFormValues) => {
        const input = toInput(values);
        if (code) await update.mutateAsync({ id: code.id, input });
        else await create.mutateAsync(input);
        notify.success(t.saved);
        onDone();
      }}
    >
      <FormField name="code" label={t.code} required maxLength={15} autoComplete="off" />
      <FormField
        name="kind"
        label={t.kind}
        kind="select"
        options={(['percent', 'amount', 'freeShipping'] as const).map((k) => ({ value: k, label: t.kinds[k] }))}
      />
      {kind !== 'freeShipping' && (
        <FormField
          name="value"
          label={kind === 'amount' ? t.amountValue : t.percentValue}
          kind="number"
          min={0}
          precision={kind === 'amount' ? 2 : 0}
          suffix={kind === 'amount' ? '€' : '%'}
          required
        />
      )}
      <FormField
        name="scope"
        label={t.scope}
        kind="select"
        options={(['order', 'products'] as const).map((s) => ({ value: s, label: t.scopes[s] }))}
      />
      {scope === 'products' && (
        <FormField
          name="productIds"
          label={t.products}
          kind="select"
          multiple
          searchable
          options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
      <FormField name="minAmount" label={t.minAmount} kind="number" min={0} precision={2} suffix="€" />
      <FormField name="startsAt" label={t.startsAt} kind="date" />
      <FormField name="endsAt" label={t.endsAt} kind="date" />
      <FormField name="maxUses" label={t.maxUses} kind="number" min={1} precision={0} />
      <FormField name="maxUsesPerClient" label={t.maxUsesPerClient} kind="number" min={1} precision={0} />
      <FormField
        name="typologies"
        label={t.typologies}
        kind="select"
        multiple
        options={typologies.map((ty) => ({ value: ty.id, label: ty.name }))}
      />
      <FormField name="active" label={t.active} kind="switch" />
      <SubmitButton />
    </ZodForm>
  );
}
