// Add / edit drawer of a CRD colour (§3 carrier / CRD item). The stock changes only by movements (CrdHistory).
import type { CrdColor } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useCreateCrdColor, useUpdateCrdColor } from '../excise.queries';
import { useTexts } from '../texts';
import { crdColorSchema } from './crd.schema';

export const CRD_COLOR_OPTIONS = ['vert', 'bleu', 'lilas', 'orange', 'rouge', 'gris', 'neutre'];

export function CrdColorForm({ color, onDone }: { color?: CrdColor; onDone: () => void }) {
  const t = useTexts().crd;
  const create = useCreateCrdColor();
  const update = useUpdateCrdColor();
  const form = useZodForm(crdColorSchema, {
    defaultValues: {
      name: color?.name ?? '',
      color: color?.color ?? '',
      type: color?.type ?? 'capsule',
      isCRD: color?.isCRD ?? true,
      archived: color?.archived ?? false,
      initialStock: color ? null : 0,
    },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      onSubmit={async (v) => {
        const input = { name: v.name, color: v.color, type: v.type, isCRD: v.isCRD, archived: v.archived };
        if (color) await update.mutateAsync({ id: color.id, input });
        else await create.mutateAsync({ ...input, initialStock: v.initialStock ?? 0 });
        notify.success(t.saved);
        guard.allowNavigation();
        onDone();
      }}
    >
      <FormField name="name" label={t.name} required />
      <FormField
        name="color"
        label={t.color}
        kind="select"
        searchable
        options={[...new Set([...CRD_COLOR_OPTIONS, ...(color ? [color.color] : [])])].map((c) => ({ value: c, label: c }))}
        required
      />
      <FormField
        name="type"
        label={t.type}
        kind="select"
        options={Object.entries(t.types).map(([value, label]) => ({ value, label }))}
        required
      />
      <FormField name="isCRD" label={t.isCRD} kind="switch" help="Capsule représentative de droits (droits acquittés)" />
      {!color && <FormField name="initialStock" label={t.initialStock} kind="number" min={0} />}
      {color && <FormField name="archived" label={t.archived} kind="switch" />}
      <SubmitButton />
    </ZodForm>
  );
}
