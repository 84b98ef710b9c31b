// /dashboard/crm/models/add: name, kind, subject; the template is created and its editor opens.
import { Radio } from 'antd';
import { Controller } from 'react-hook-form';
import { DetailLayout, FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, withQueryScope, ZodForm } from 'shared-kernel/kit';
import { useNavigate, useSearchParams } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { ADVANCED_STARTER, modelAddSchema } from './model.schema';
import { useCreateModel } from './models.queries';
import { useTexts } from './texts';

export default withQueryScope(function ModelAddPage() {
  const t = useTexts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateModel();
  const form = useZodForm(modelAddSchema, {
    defaultValues: { name: '', kind: params.get('kind') === 'advanced' ? 'advanced' : 'standard', subject: '' },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <DetailLayout title={t.addTitle} backTo="/dashboard/crm/models" backLabel={t.back}>
      <ZodForm
        form={form}
        onSubmit={async (v) => {
          const saved = await create.mutateAsync({
            name: v.name,
            kind: v.kind,
            subject: v.subject || null,
            blocks: v.kind === 'standard' ? [{ type: 'heading', text: 'Bonjour {{firstname}}', level: 1 }] : [],
            html: v.kind === 'advanced' ? ADVANCED_STARTER : '',
          });
          notify.success(t.created);
          guard.allowNavigation();
          navigate(`/dashboard/crm/models/${saved.id}/${v.kind}`);
        }}
      >
        <FormField name="name" label={t.name} required />
        <FormField name="subject" label={t.subject} />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <div role="radiogroup" aria-label={t.kind} style={{ display: 'grid', gap: 4, marginBottom: 16 }}>
              <span>{t.kind}</span>
              <Radio.Group
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                options={(['standard', 'advanced'] as const).map((k) => ({ value: k, label: `${t.kinds[k]} — ${t.kindHelp[k]}` }))}
              />
            </div>
          )}
        />
        <SubmitButton>{t.create}</SubmitButton>
      </ZodForm>
    </DetailLayout>
  );
});
