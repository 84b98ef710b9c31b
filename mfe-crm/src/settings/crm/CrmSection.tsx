// /dashboard/settings?link=crm: client code prefix, the §3 custom fields (label and allowed values) and the
// opportunity pipeline stages (add, rename, reorder with buttons, remove). Saved through PUT /crm/settings.
import { Alert, Button, Card, Flex, Select, Skeleton } from 'antd';
import { useFieldArray } from 'react-hook-form';
import { CUSTOM_FIELD_KINDS, MAX_STAGES, MIN_STAGES, crmSettingsBodySchema, type CrmSettings } from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import {
  EditableList,
  errorMessage,
  FormField,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
} from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { useCrmSettings, useSaveCrmSettings } from './crm.queries';
import { useTexts } from './texts';

function CrmForm({ settings, canEdit }: { settings: CrmSettings; canEdit: boolean }) {
  const t = useTexts();
  const save = useSaveCrmSettings();
  const form = useZodForm(crmSettingsBodySchema, {
    defaultValues: {
      clientCodePrefix: settings.clientCodePrefix,
      customFields: settings.customFields,
      opportunityStages: settings.opportunityStages.map((s) => ({ key: s.key, label: s.label })),
    },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const stages = useFieldArray({ control: form.control, name: 'opportunityStages' });
  const stageName = (i: number) => form.watch(`opportunityStages.${i}.label`) || t.stageLabel(i + 1);
  const stagesError = form.formState.errors.opportunityStages?.message ?? form.formState.errors.opportunityStages?.root?.message;

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values);
        form.reset({
          clientCodePrefix: saved.clientCodePrefix,
          customFields: saved.customFields,
          opportunityStages: saved.opportunityStages,
        });
        notify.success(saved.message);
        guard.allowNavigation();
      }}
    >
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 16, minWidth: 0 }}>
        <Card title={t.codes} size="small">
          <FormField name="clientCodePrefix" label={t.prefix} help={t.prefixHelp} maxLength={10} disabled={!canEdit} />
        </Card>

        <Card title={t.customFields} size="small">
          <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))' }}>
            {CUSTOM_FIELD_KINDS.map((kind) => (
              <div key={kind} style={{ display: 'grid', gap: 8 }}>
                <FormField name={`customFields.${kind}.label`} label={t.label(t.kinds[kind])} required maxLength={50} disabled={!canEdit} />
                <FormField
                  name={`customFields.${kind}.values`}
                  label={t.values(t.kinds[kind])}
                  help={t.valuesHelp}
                  render={(field, a11y) => (
                    <Select
                      {...a11y}
                      mode="tags"
                      disabled={!canEdit}
                      value={(field.value as string[] | undefined) ?? []}
                      onChange={(v: string[]) => field.onChange(v.map((x) => x.trim()).filter(Boolean))}
                      onBlur={field.onBlur}
                      tokenSeparators={[';']}
                      notFoundContent={null}
                      style={{ width: '100%' }}
                    />
                  )}
                />
              </div>
            ))}
          </div>
        </Card>

        <Card title={t.stages} size="small">
          <p style={{ marginTop: 0 }}>{t.stagesHelp}</p>
          <EditableList
            array={stages}
            label={t.stages}
            gap={8}
            disabled={!canEdit}
            actionsStyle={{ paddingTop: 28, flexWrap: 'nowrap' }}
            move={{ upLabel: (i) => t.moveUp(stageName(i)), downLabel: (i) => t.moveDown(stageName(i)) }}
            remove={{ label: (i) => t.remove(stageName(i)), min: MIN_STAGES }}
            error={stagesError}
            add={{
              label: t.addStage,
              max: MAX_STAGES,
              onAdd: () => stages.append({ key: null, label: '' }, { shouldFocus: true }),
            }}
            renderItem={(_, i, item) => (
              <Flex gap={8} align="flex-start" wrap>
                <div style={{ flex: '1 1 200px' }}>
                  <FormField
                    name={`opportunityStages.${i}.label`}
                    label={t.stageLabel(i + 1)}
                    required
                    maxLength={50}
                    disabled={!canEdit}
                  />
                </div>
                {item.actions}
              </Flex>
            )}
          />
        </Card>
      </fieldset>
      {canEdit && (
        <div>
          <SubmitButton />
        </div>
      )}
    </ZodForm>
  );
}

/** Settings section `crm`. */
export const CrmSection = withQueryScope(function CrmSection() {
  const t = useTexts();
  const query = useCrmSettings();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const canEdit =
    !!user && (user.role === 'owner' || user.role === 'iam') && hasPermission(user, currentShopId(user, shop), 'createClient');
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p style={{ margin: 0, color: '#555' }}>{t.intro}</p>
      {!canEdit && <Alert type="info" showIcon title={t.readOnly} />}
      {query.isPending && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(query.error, t.loadError)}
          action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
        />
      )}
      {query.data && <CrmForm settings={query.data} canEdit={canEdit} />}
    </div>
  );
});
