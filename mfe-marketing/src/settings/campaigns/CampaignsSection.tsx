// /dashboard/settings?link=campaigns, owner: the sender's name and address, the reply-to address, the
// postal address printed in the footer of every campaign mail, the sending rate (mails per minute).
import { Alert, Card } from 'antd';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, withQueryScope, ZodForm, SectionFrame } from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { useCampaignSettings, useSaveCampaignSettings } from './campaigns.queries';
import { campaignSettingsSchema, toBody, toFormValues, type CampaignSettings, type CampaignSettingsFormValues } from './campaigns.schema';
import { useTexts } from './texts';

function CampaignsForm({ settings }: { settings: CampaignSettings }) {
  const t = useTexts();
  const save = useSaveCampaignSettings();
  const form = useZodForm(campaignSettingsSchema, { defaultValues: toFormValues(settings) });
  useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(toBody(values));
        form.reset(toFormValues(saved));
        notify.success(saved.message || t.saved);
      }}
    >
      <Card title={t.sender} size="small">
        <div style={{ display: 'grid', gap: 12 }}>
          <FormField<CampaignSettingsFormValues> name="senderName" label={t.senderName} help={t.senderNameHelp} required maxLength={100} />
          <FormField<CampaignSettingsFormValues> name="senderEmail" label={t.senderEmail} help={t.senderEmailHelp} kind="email" />
          <FormField<CampaignSettingsFormValues> name="replyTo" label={t.replyTo} help={t.replyToHelp} kind="email" />
        </div>
      </Card>
      <Card title={t.footer} size="small">
        <FormField<CampaignSettingsFormValues>
          name="postalAddress"
          label={t.postalAddress}
          help={t.postalAddressHelp}
          kind="textarea"
          rows={2}
          maxLength={500}
        />
      </Card>
      <Card title={t.sending} size="small">
        <FormField<CampaignSettingsFormValues>
          name="ratePerMinute"
          label={t.rate}
          help={t.rateHelp}
          kind="number"
          min={1}
          max={1000}
          suffix={t.rateSuffix}
          required
        />
      </Card>
      <div>
        <SubmitButton />
      </div>
    </ZodForm>
  );
}

/** Settings section `campaigns`: the owner's (the api refuses the change to anyone else). */
export const CampaignsSection = withQueryScope(function CampaignsSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const query = useCampaignSettings(isOwner);
  if (!isOwner) return <Alert type="info" showIcon title={t.ownerOnly} />;
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(settings) => <CampaignsForm settings={settings} />}
    </SectionFrame>
  );
});
