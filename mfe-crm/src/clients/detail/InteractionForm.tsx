import { z } from 'zod';
import { CRM_INTERACTION_KINDS, CRM_INTERACTION_LABELS } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { MESSAGES } from 'shared-kernel/validation';
import { useAddInteraction } from '../crm.queries';
import { useTexts } from '../file/texts';

const interactionFormSchema = z
  .object({ kind: z.enum(CRM_INTERACTION_KINDS), content: z.string().max(5000), occurredAt: z.string() })
  .refine((v) => v.kind !== 'note' || !!v.content.trim(), { message: MESSAGES.needed, path: ['content'] });

const KIND_OPTIONS = CRM_INTERACTION_KINDS.filter((k) => k !== 'task').map((k) => ({ value: k, label: CRM_INTERACTION_LABELS[k] }));

/** 'Ajouter une interaction' of the client file: a visit, a call, a note, a mail sent… (a follow-up task: the tasks page). */
export function InteractionForm({ clientId }: { clientId: number }) {
  const t = useTexts();
  const add = useAddInteraction();
  const form = useZodForm(interactionFormSchema, { defaultValues: { kind: 'call', content: '', occurredAt: '' } });
  return (
    <ZodForm
      form={form}
      aria-label={t.addInteraction}
      style={{ display: 'grid', gap: 8 }}
      onSubmit={async (v) => {
        await add.mutateAsync({ id: clientId, input: { kind: v.kind, content: v.content || null, occurredAt: v.occurredAt || null } });
        notify.success(t.interactionAdded);
        form.reset({ kind: v.kind, content: '', occurredAt: '' });
      }}
    >
      <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
        <FormField name="kind" label={t.interactionKind} kind="select" options={KIND_OPTIONS} />
        <FormField name="occurredAt" label={t.interactionDate} kind="date" help="Aujourd’hui si vide" />
      </div>
      <FormField name="content" label={t.interactionContent} kind="textarea" rows={2} maxLength={5000} />
      <div>
        <SubmitButton>{t.addInteraction}</SubmitButton>
      </div>
    </ZodForm>
  );
}
