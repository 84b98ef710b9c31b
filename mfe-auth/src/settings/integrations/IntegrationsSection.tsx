// /dashboard/settings?link=integrations: the §1 module switches, each with what it does; the §3
// integration the imports come from; the link to the API keys. Saved by the owner (the iam reads them); the answer's
// shop replaces the session's so the sidebar and the route guard change at once. The owner also keeps the shop's
// payment provider keys here (PaymentKeysCard), stored encrypted by the api, and brings their data in or takes the
// whole shop out (../data: ImportCard, ExportCard).
import { Alert, Card } from 'antd';
import { z } from 'zod';
import { SHOP_MODULES, type ShopModule } from 'shared-kernel/contracts';
import { INTEGRATION_NAMES } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, withQueryScope, ZodForm, SectionFrame } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { notify, useSession } from 'shared-kernel/runtime';
import { useSaveShopIntegrations, useShopIntegrations, type ShopIntegrations } from './integrations.queries';
import { ExportCard, ImportCard } from '../data';
import { PaymentKeysCard } from './PaymentKeysCard';
import { UpsCard } from './UpsCard';
import { useTexts } from './texts';

const SOURCES = INTEGRATION_NAMES.map((i) => i.value) as unknown as ['default', 'isagri', 'vinistoria', 'baqio'];
export const integrationsFormSchema = z.object({
  modules: z.object(Object.fromEntries(SHOP_MODULES.map((m) => [m, z.boolean()])) as Record<ShopModule, z.ZodBoolean>),
  importSource: z.enum(SOURCES, { error: 'L’intégration doit être Par défaut, Isagri, Vinistoria ou Baqio' }),
});
type FormValues = z.input<typeof integrationsFormSchema>;

function IntegrationsForm({ saved, canEdit }: { saved: ShopIntegrations; canEdit: boolean }) {
  const t = useTexts();
  const save = useSaveShopIntegrations();
  const form = useZodForm(integrationsFormSchema, { defaultValues: saved as FormValues });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        // only the switches changed here: another tab's change of another module is kept
        const changed = SHOP_MODULES.filter((m) => values.modules[m] !== saved.modules[m]);
        const next = await save.mutateAsync({
          modules: Object.fromEntries(changed.map((m) => [m, values.modules[m]])),
          importSource: values.importSource,
        });
        form.reset({ modules: next.modules, importSource: next.importSource });
        notify.success(next.message || t.saved);
        guard.allowNavigation();
      }}
    >
      <Card title={t.modules} size="small">
        <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))' }}>
          {SHOP_MODULES.map((m) => (
            <FormField<FormValues>
              key={m}
              name={`modules.${m}`}
              kind="switch"
              label={t.labels[m]}
              help={t.descriptions[m]}
              disabled={!canEdit}
            />
          ))}
        </div>
      </Card>
      <Card title={t.importCard} size="small">
        <FormField<FormValues>
          name="importSource"
          kind="select"
          label={t.importSource}
          help={t.importHelp}
          options={INTEGRATION_NAMES}
          disabled={!canEdit}
        />
      </Card>
      <Card title={t.apiCard} size="small">
        <p style={{ marginTop: 0 }}>{t.apiHelp}</p>
        <Link to="/get-api-key">{t.apiLink}</Link>
      </Card>
      {canEdit && (
        <div>
          <SubmitButton />
        </div>
      )}
    </ZodForm>
  );
}

/** Settings section `integrations`: the owner saves; the iam sees the switches without changing them. */
export const IntegrationsSection = withQueryScope(function IntegrationsSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const query = useShopIntegrations();
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(saved) => (
        <>
          {!isOwner && <Alert type="info" showIcon title={t.ownerOnly} />}
          <IntegrationsForm saved={saved} canEdit={isOwner} />
          {isOwner && (
            <>
              <PaymentKeysCard />
              {saved.modules.ups && <UpsCard />}
              <ImportCard defaultIntegration={saved.importSource} />
              <ExportCard />
            </>
          )}
        </>
      )}
    </SectionFrame>
  );
});
