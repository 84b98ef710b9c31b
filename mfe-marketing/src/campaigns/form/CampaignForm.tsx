// The compose form (/dashboard/crm/campaigns/add and the edit drawer of the detail): the model, the lists with the
// live count of the people they reach, the subject and the preview text.
import { Alert, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { useAudience, useCampaignOptions, useCreateCampaign, useUpdateCampaign, type CampaignDetail } from '../campaigns.queries';
import { useTexts } from '../texts';
import { campaignSchema, type CampaignFormValues } from './campaign.schema';

function Audience({ listIds }: { listIds: number[] }) {
  const t = useTexts().form;
  const query = useAudience(listIds);
  if (!listIds.length) return null;
  const text = query.data ? t.audience(query.data.count) : query.isPending ? t.audienceLoading : null;
  return text ? (
    <Typography.Text role="status" type={query.data?.count === 0 ? 'warning' : undefined}>
      {text}
    </Typography.Text>
  ) : null;
}

export function CampaignForm({ campaign, onDone }: { campaign?: CampaignDetail; onDone?: () => void }) {
  const t = useTexts().form;
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const options = useCampaignOptions();
  const form = useZodForm(campaignSchema, {
    defaultValues: {
      name: campaign?.name ?? '',
      modelId: campaign?.modelId ?? null,
      listIds: campaign?.listIds ?? [],
      subject: campaign?.subject ?? '',
      previewText: campaign?.previewText ?? '',
    } satisfies CampaignFormValues,
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const listIds = useWatch({ control: form.control, name: 'listIds' }) ?? [];
  const models = options.data?.models ?? [];
  const lists = options.data?.lists ?? [];

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12, maxWidth: 720 }}
      onSubmit={async (input) => {
        const saved = campaign ? await update.mutateAsync({ id: campaign.id, input }) : await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/crm/campaigns/${saved.id}`);
      }}
    >
      <FormField<CampaignFormValues> name="name" label={t.name} help={t.nameHelp} required maxLength={200} />
      <FormField<CampaignFormValues>
        name="modelId"
        label={t.model}
        kind="select"
        searchable
        placeholder={t.modelPlaceholder}
        options={models.map((m) => ({ value: m.id, label: m.name }))}
      />
      {options.isSuccess && !models.length && <Alert type="info" showIcon title={t.noModel} />}
      <FormField<CampaignFormValues>
        name="listIds"
        label={t.lists}
        kind="select"
        multiple
        searchable
        placeholder={t.listsPlaceholder}
        options={lists.map((l) => ({ value: l.id, label: `${l.name} (${l.kind === 'dynamic' ? t.dynamic : t.static})` }))}
      />
      {options.isSuccess && !lists.length && <Alert type="info" showIcon title={t.noList} />}
      <Audience listIds={listIds} />
      <FormField<CampaignFormValues> name="subject" label={t.subject} help={t.subjectHelp} required maxLength={200} />
      <FormField<CampaignFormValues> name="previewText" label={t.previewText} help={t.previewTextHelp} maxLength={300} />
      <SubmitButton />
    </ZodForm>
  );
}
