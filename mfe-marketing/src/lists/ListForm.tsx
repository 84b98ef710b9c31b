// /dashboard/crm/lists/add and the edit drawer of a list: name, kind (at creation), filters of a dynamic list.
import { Radio } from 'antd';
import { Controller } from 'react-hook-form';
import type { MarketingListDetail } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { FiltersEditor } from './FiltersEditor';
import { listFormSchema } from './list.schema';
import { useCreateList, useUpdateList } from './lists.queries';
import { useTexts } from './texts';

export function ListForm({ list, onDone }: { list?: MarketingListDetail; onDone?: () => void }) {
  const t = useTexts();
  const navigate = useNavigate();
  const create = useCreateList();
  const update = useUpdateList();
  const form = useZodForm(listFormSchema, {
    defaultValues: { name: list?.name ?? '', kind: list?.kind ?? 'static', filters: list?.filters ?? {} },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const kind = form.watch('kind');
  return (
    <ZodForm
      form={form}
      onSubmit={async (input) => {
        const saved = list
          ? await update.mutateAsync({ id: list.id, input: { name: input.name, filters: input.filters } })
          : await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/crm/lists/${saved.id}`);
      }}
    >
      <FormField name="name" label={t.name} required />
      {!list && (
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <div role="radiogroup" aria-label={t.kind} style={{ display: 'grid', gap: 4, marginBottom: 16 }}>
              <span>{t.kind}</span>
              <Radio.Group
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                options={(['static', 'dynamic'] as const).map((k) => ({ value: k, label: `${t.kinds[k]} — ${t.kindHelp[k]}` }))}
              />
            </div>
          )}
        />
      )}
      {kind === 'dynamic' && (
        <fieldset style={{ border: 0, padding: 0, marginBottom: 16 }}>
          <legend style={{ fontWeight: 600 }}>{t.filtersTitle}</legend>
          <Controller
            control={form.control}
            name="filters"
            render={({ field }) => <FiltersEditor value={field.value} onChange={field.onChange} />}
          />
        </fieldset>
      )}
      <SubmitButton />
    </ZodForm>
  );
}
