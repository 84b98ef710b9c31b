// /dashboard/settings?link=crm: client code prefix, the §3 custom fields (label and allowed values) and the
// opportunity pipeline stages (add, rename, reorder with buttons, remove). Saved through PUT /crm/settings.
import { Alert, Button, Card, Flex, Select, Skeleton } from 'antd';
import { useFieldArray } from 'react-hook-form';
import { CUSTOM_FIELD_KINDS, MAX_STAGES, MIN_STAGES, crmSettingsBodySchema, type CrmSettings } from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { errorMessage, FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, withQueryScope, ZodForm } from 'shared-kernel/kit';
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
          <ol style={{ margin: 0, padding: 0, display: 'grid', gap: 8, listStyle: 'none' }} aria-label={t.stages}>
            {stages.fields.map((f, i) => {
              const label = form.watch(`opportunityStages.${i}.label`) || t.stageLabel(i + 1);
              return (
                <li key={f.id}>
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
                    <Flex gap={4} style={{ paddingTop: 28 }}>
                      <Button aria-label={t.moveUp(label)} disabled={!canEdit || i === 0} onClick={() => stages.move(i, i - 1)}>
                        ↑
                      </Button>
                      <Button
                        aria-label={t.moveDown(label)}
                        disabled={!canEdit || i === stages.fields.length - 1}
                        onClick={() => stages.move(i, i + 1)}
                      >
                        ↓
                      </Button>
                      <Button
                        danger
                        aria-label={t.remove(label)}
                        disabled={!canEdit || stages.fields.length <= MIN_STAGES}
                        onClick={() => stages.remove(i)}
                      >
                        ✕
                      </Button>
                    </Flex>
                  </Flex>
                </li>
              );
            })}
          </ol>
          {stagesError && (
            <div role="alert" style={{ color: 'var(--ant-color-error, #b42318)', marginTop: 8 }}>
              {stagesError}
            </div>
          )}
          <Button
            style={{ marginTop: 12 }}
            disabled={!canEdit || stages.fields.length >= MAX_STAGES}
            onClick={() => stages.append({ key: null, label: '' }, { shouldFocus: true })}
          >
            {t.addStage}
          </Button>
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
