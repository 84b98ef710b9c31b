// The drawer form of the board: a new opportunity, or one of the board's cards.
import { Select } from 'antd';
import { z } from 'zod';
import { OPPORTUNITY_MESSAGES as M, type Opportunity, type OpportunityBody, type OpportunityStage } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { schemas } from 'shared-kernel/validation';
import { ClientSelect } from '../tasks/form/ClientSelect';
import { useAssignees } from '../tasks/tasks.queries';
import { useSaveOpportunity } from './opportunities.queries';
import { useTexts } from './texts';

export const opportunityFormSchema = z.object({
  title: schemas.needed.pipe(z.string().trim().max(200, M.title)),
  clientId: z.number().int().positive().nullable(),
  stage: z.string().min(1, M.stage),
  /** euros, decimal */
  amount: z.number({ error: M.amount }).min(0, M.amount).max(21_000_000, M.amount).nullable(),
  probability: z.number({ error: M.probability }).int(M.probability).min(0, M.probability).max(100, M.probability),
  expectedDate: z.string().nullable(),
  ownerId: z.number().int().positive().nullable(),
  notes: z.string().max(5000, M.notes),
});
export type OpportunityFormValues = z.output<typeof opportunityFormSchema>;

export const toOpportunityBody = (v: OpportunityFormValues): OpportunityBody => ({
  title: v.title.trim(),
  clientId: v.clientId,
  stage: v.stage,
  amountCents: Math.round((v.amount ?? 0) * 100),
  probability: v.probability,
  expectedDate: v.expectedDate || null,
  ownerId: v.ownerId,
  notes: v.notes.trim() || null,
});

export function OpportunityForm({
  opportunity,
  stages,
  me,
  onDone,
}: {
  opportunity?: Opportunity;
  stages: OpportunityStage[];
  me: number | null;
  onDone: () => void;
}) {
  const t = useTexts();
  const save = useSaveOpportunity();
  const team = useAssignees();
  const form = useZodForm(opportunityFormSchema, {
    defaultValues: {
      title: opportunity?.title ?? '',
      clientId: opportunity?.clientId ?? null,
      stage: opportunity?.stage ?? stages[0]?.key ?? '',
      amount: opportunity ? opportunity.amountCents / 100 : null,
      probability: opportunity?.probability ?? 50,
      expectedDate: opportunity?.expectedDate ?? null,
      ownerId: opportunity ? (opportunity.owner?.id ?? null) : me,
      notes: opportunity?.notes ?? '',
    },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const grid = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' } as const;
  const owners = [
    { value: 0, label: t.nobody },
    ...(team.data ?? []).map((a) => ({ value: a.id, label: a.name })),
    ...(opportunity?.owner && !team.data?.some((a) => a.id === opportunity.owner!.id)
      ? [{ value: opportunity.owner.id, label: opportunity.owner.name }]
      : []),
  ];
  const closed = opportunity !== undefined && opportunity.status !== 'open';

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const input = toOpportunityBody(values);
        // a closed opportunity keeps its stage (reopen it to move it)
        if (closed) delete input.stage;
        await save.mutateAsync({ id: opportunity?.id, input });
        notify.success(t.saved);
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField name="title" label={t.oppTitle} required maxLength={200} />
      <FormField
        name="clientId"
        label={t.client}
        render={(field, a11y) => (
          <ClientSelect
            value={field.value as number | null}
            onChange={field.onChange}
            onBlur={field.onBlur}
            a11y={a11y}
            initial={
              opportunity?.clientId
                ? { id: opportunity.clientId, name: opportunity.clientName ?? `Client n°${opportunity.clientId}` }
                : null
            }
          />
        )}
      />
      <div style={grid}>
        <FormField
          name="stage"
          label={t.stage}
          kind="select"
          required
          disabled={closed}
          options={stages.map((s) => ({ value: s.key, label: s.label }))}
        />
        <FormField name="expectedDate" label={t.expectedDate} kind="date" />
      </div>
      <div style={grid}>
        <FormField name="amount" label={t.amount} kind="number" min={0} precision={2} suffix="€ HT" />
        <FormField name="probability" label={t.probability} kind="number" min={0} max={100} precision={0} suffix="%" required />
      </div>
      <FormField
        name="ownerId"
        label={t.owner}
        render={(field, a11y) => (
          <Select
            {...a11y}
            value={(field.value as number | null) ?? 0}
            onChange={(v: number) => field.onChange(v === 0 ? null : v)}
            onBlur={field.onBlur}
            loading={team.isPending}
            options={owners}
            style={{ width: '100%' }}
          />
        )}
      />
      <FormField name="notes" label={t.notes} kind="textarea" rows={3} maxLength={5000} />
      <SubmitButton />
    </ZodForm>
  );
}
