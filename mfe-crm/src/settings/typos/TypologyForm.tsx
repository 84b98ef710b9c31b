import { z } from 'zod';
import type { TariffTypology } from 'shared-kernel/contracts';
import { TARIFF_MESSAGES } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { MESSAGES, schemas } from 'shared-kernel/validation';
import { useSaveTypology } from './typos.queries';
import { useTexts } from './texts';

export const typologyFormSchema = z.object({
  name: schemas.needed,
  public: z.boolean(),
  ttc: z.boolean(),
  globalDiscount: z.number({ error: MESSAGES.number }).min(0, TARIFF_MESSAGES.globalDiscount).max(100, TARIFF_MESSAGES.globalDiscount),
  allRulesInEq75: z.boolean(),
});

/** Adds a typology, or edits one (its id, hence its prices and clients, never changes). */
export function TypologyForm({ typology, onDone }: { typology?: TariffTypology; onDone: () => void }) {
  const t = useTexts();
  const save = useSaveTypology();
  const form = useZodForm(typologyFormSchema, {
    defaultValues: {
      name: typology?.name ?? '',
      public: typology?.public ?? false,
      ttc: typology?.ttc ?? false,
      globalDiscount: typology?.globalDiscount ?? 0,
      allRulesInEq75: typology?.allRulesInEq75 ?? false,
    },
  });
  return (
    <ZodForm
      form={form}
      onSubmit={async (input) => {
        await save.mutateAsync({ key: typology?.id, input: { ...input, name: input.name.trim() } });
        notify.success(t.saved);
        onDone();
      }}
    >
      <FormField name="name" label={t.name} required maxLength={60} />
      <FormField name="public" label={t.public} kind="switch" />
      <FormField name="ttc" label={t.ttc} kind="switch" />
      <FormField name="globalDiscount" label={t.globalDiscount} kind="number" suffix="%" precision={2} />
      <FormField name="allRulesInEq75" label={t.allRulesInEq75} kind="switch" />
      <SubmitButton />
    </ZodForm>
  );
}
