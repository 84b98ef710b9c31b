// /dashboard/settings?link=infos: the shop's name, url name (its public address /{name}, unique: the api
// answers 409 on the field), §1 business type (the wording of its products follows), contact, address, description,
// social links and opening hours. Saved by the owner (the iam reads them); the answer's shop replaces the session's so
// the header shows the new name at once.
import { Alert, Card } from 'antd';
import { useWatch } from 'react-hook-form';
import { BUSINESS_TYPES } from 'shared-kernel/domain';
import {
  FormField,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
  type ZodFormReturn,
  SectionFrame,
  countryOptions,
} from 'shared-kernel/kit';
import { ApiError, notify, useSession } from 'shared-kernel/runtime';
import { useSaveShopInfos, useShopInfos } from './infos.queries';
import {
  hoursErrorPath,
  infosFormSchema,
  LINK_PATTERN,
  SOCIAL_NETWORKS,
  toBody,
  toFormValues,
  type InfosFormValues,
  type ShopInfos,
} from './infos.schema';
import { OpeningHours } from './OpeningHours';
import { useTexts } from './texts';

type InfosForm = ZodFormReturn<typeof infosFormSchema>;

/** Fields side by side on a wide screen, one column on a phone. */
const columns = {
  display: 'grid',
  gap: '0 16px',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
  alignItems: 'start',
} as const;

/** The business types whose shop pages ask the visitor's age (mfe-shop public/format.ts). */
const ALCOHOLIC = new Set(['wine', 'champaign', 'beer', 'spirit', 'cider']);

/** The shop's public address (the shop page is /{url name} on this site). */
const publicUrl = (urlShop: string) => `${window.location.origin}/${urlShop}`;

function IdentityCard({ form, saved, disabled }: { form: InfosForm; saved: ShopInfos; disabled: boolean }) {
  const t = useTexts();
  const [urlShop, businessType] = useWatch({ control: form.control, name: ['urlShop', 'businessType'] });
  const customTitle = useSession((s) => s.shop?.settings.titleProducts?.trim());
  const wording = [
    customTitle ? t.customTitle(customTitle) : t.defaultTitle(t.productsTitle[businessType]),
    businessType === 'beer' ? t.brew : null,
    ALCOHOLIC.has(businessType) ? t.ageGate : t.noAgeGate,
  ]
    .filter(Boolean)
    .join(' ');
  const typed = (urlShop ?? '').trim();
  const address = publicUrl(LINK_PATTERN.test(typed) ? typed : saved.urlShop);
  return (
    <Card title={t.identityCard} size="small">
      <div style={columns}>
        <FormField<InfosFormValues>
          name="name"
          label={t.name}
          required
          maxLength={120}
          placeholder={t.namePlaceholder[businessType]}
          disabled={disabled}
          autoComplete="organization"
        />
        <FormField<InfosFormValues>
          name="businessType"
          kind="select"
          label={t.businessType}
          required
          options={BUSINESS_TYPES.map((b) => ({ value: b.value, label: t.businessTypes[b.value] }))}
          help={wording}
          disabled={disabled}
        />
      </div>
      <FormField<InfosFormValues>
        name="urlShop"
        label={t.urlShop}
        required
        maxLength={60}
        disabled={disabled}
        autoComplete="off"
        help={
          <>
            {t.urlShopHelp}
            <br />
            {t.publicAddress} <strong data-testid="public-address">{address}</strong>
          </>
        }
      />
      <a href={publicUrl(saved.urlShop)} target="_blank" rel="noopener noreferrer">
        {t.seeShop}
      </a>
    </Card>
  );
}

function InfosFormView({ saved, canEdit }: { saved: ShopInfos; canEdit: boolean }) {
  const t = useTexts();
  const save = useSaveShopInfos();
  const form = useZodForm(infosFormSchema, { defaultValues: toFormValues(saved) });
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const businessType = useWatch({ control: form.control, name: 'businessType' });
  const disabled = !canEdit;
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        try {
          const next = await save.mutateAsync(toBody(values));
          form.reset(toFormValues(next));
          notify.success(next.message || t.saved);
          guard.allowNavigation();
        } catch (err) {
          // the api names a day's text ('openingHours.monday'): the form shows it under that day
          const path = err instanceof ApiError && err.field ? hoursErrorPath(err.field, form.getValues()) : null;
          if (path) {
            form.setError(path as never, { type: 'server', message: (err as ApiError).message }, { shouldFocus: true });
            return;
          }
          throw err;
        }
      }}
    >
      <IdentityCard form={form} saved={saved} disabled={disabled} />
      <Card title={t.contactCard} size="small">
        <div style={columns}>
          <FormField<InfosFormValues>
            name="contactEmail"
            kind="email"
            label={t.contactEmail}
            maxLength={254}
            autoComplete="email"
            disabled={disabled}
          />
          <FormField<InfosFormValues> name="phone" kind="tel" label={t.phone} help={t.phoneHelp} autoComplete="tel" disabled={disabled} />
        </div>
      </Card>
      <Card title={t.addressCard} size="small">
        <FormField<InfosFormValues>
          name="address.street"
          label={t.street}
          maxLength={200}
          autoComplete="address-line1"
          disabled={disabled}
        />
        <FormField<InfosFormValues>
          name="address.complement"
          label={t.complement}
          maxLength={200}
          autoComplete="address-line2"
          disabled={disabled}
        />
        <div style={columns}>
          <FormField<InfosFormValues>
            name="address.zipcode"
            label={t.zipcode}
            maxLength={10}
            autoComplete="postal-code"
            disabled={disabled}
          />
          <FormField<InfosFormValues>
            name="address.city"
            label={t.city}
            maxLength={100}
            autoComplete="address-level2"
            disabled={disabled}
          />
          <FormField<InfosFormValues>
            name="address.country"
            kind="select"
            label={t.country}
            searchable
            options={countryOptions(t.lang)}
            disabled={disabled}
          />
        </div>
      </Card>
      <Card title={t.descriptionCard} size="small">
        <FormField<InfosFormValues>
          name="description"
          kind="textarea"
          label={t.description}
          help={t.descriptionHelp}
          rows={5}
          maxLength={5000}
          placeholder={t.descriptionPlaceholder[businessType]}
          disabled={disabled}
        />
      </Card>
      <Card title={t.socialsCard} size="small">
        <p style={{ marginTop: 0, color: '#555' }}>{t.socialsHelp}</p>
        <div style={columns}>
          {SOCIAL_NETWORKS.map((n) => (
            <FormField<InfosFormValues>
              key={n}
              name={`socials.${n}`}
              inputProps={{ inputMode: 'url' }}
              label={t.socials[n]}
              maxLength={300}
              placeholder="https://"
              disabled={disabled}
            />
          ))}
        </div>
      </Card>
      <Card title={t.hoursCard} size="small">
        <p style={{ marginTop: 0, color: '#555' }}>{t.hoursHelp}</p>
        <OpeningHours control={form.control} disabled={disabled} />
      </Card>
      {canEdit && (
        <div>
          <SubmitButton disabled={!isDirty} />
        </div>
      )}
    </ZodForm>
  );
}

/** Settings section `infos`: the owner saves; the iam sees the information without changing it. */
export const InfosSection = withQueryScope(function InfosSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const query = useShopInfos();
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(saved) => (
        <>
          {!isOwner && <Alert type="info" showIcon title={t.ownerOnly} />}
          <InfosFormView saved={saved} canEdit={isOwner} />
        </>
      )}
    </SectionFrame>
  );
});
