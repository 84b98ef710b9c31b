// /dashboard/customize (editor layout; the owner edits, a collaborator reads): colour, banner, logo, header style and
// tabs of the public shop, with a live preview. Saved with PUT /v1/shops/me; the session's shop follows.
import { useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useWatch } from 'react-hook-form';
import type { ShopCustomization, Shop } from 'shared-kernel/contracts';
import {
  applyServerErrors,
  errorMessage,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
} from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { customizeSchema, draftOfValues, formValuesOf, type CustomizeValues } from './customize.schema';
import { useCustomization, useSaveCustomization, useShopFacets } from './customize.queries';
import { useTexts } from './customize.texts';
import { API_FIELDS, draftOf, sameDraft, splitSaveAnswer, toSaveRequest } from './draft';
import { HeaderStyleFields } from './HeaderStyleFields';
import { Preview } from './Preview';
import { ShopFields } from './ShopFields';
import { TabsFieldset } from './TabEditor';

const FORM_ID = 'wz-customize-form';
const DEFAULT_COLOR = '#6d1a36';

const STYLES = `.wz-customize-grid{display:grid;gap:20px;grid-template-columns:minmax(0,1fr)}
@media (min-width:1100px){.wz-customize-grid{grid-template-columns:minmax(380px,520px) minmax(0,1fr)}.wz-customize-preview{position:sticky;top:12px;align-self:start}}
.wz-customize fieldset{border:1px solid #e5e5e5;border-radius:10px;padding:12px;margin:0;display:grid;gap:12px;min-width:0}
.wz-customize legend{font-weight:700;padding:0 6px}`;

export default withQueryScope(function CustomizePage() {
  const t = useTexts();
  const shop = useSession((s) => s.shop);
  const query = useCustomization();
  if (query.isError && !query.isFetching)
    return (
      <div style={{ padding: 16 }}>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage(query.error, t.loadError)}
          action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
        />
      </div>
    );
  if (!query.data || !shop)
    return (
      <div style={{ padding: 32, textAlign: 'center' }}>
        <Spin aria-label={t.loading} />
      </div>
    );
  return <CustomizeEditor shop={shop} customization={query.data} />;
});

function CustomizeEditor({ shop, customization }: { shop: Shop; customization: ShopCustomization }) {
  const t = useTexts();
  const readOnly = useSession((s) => s.user?.role) !== 'owner';
  const setShop = useSession((s) => s.setShop);
  const fallbackColor = shop.editedShop?.color || DEFAULT_COLOR;
  // the form's defaults follow the last save; a later refetch of the page does not overwrite what is being edited
  const [saved, setSaved] = useState(() => draftOf(customization, fallbackColor));
  const form = useZodForm(customizeSchema, { defaultValues: formValuesOf(saved), mode: 'onSubmit', reValidateMode: 'onChange' });
  const draft = draftOfValues(useWatch({ control: form.control }) as CustomizeValues);
  const dirty = !sameDraft(draft, saved);
  useUnsavedChangesGuard(dirty);
  const save = useSaveCustomization();
  const facets = useShopFacets(shop.id);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const submit = async (values: CustomizeValues) => {
    try {
      const {
        shop: next,
        customization: c,
        message,
      } = splitSaveAnswer(await save.mutateAsync(toSaveRequest(draftOfValues(values), saved)));
      setShop(next);
      const nextDraft = draftOf(c, fallbackColor);
      setSaved(nextDraft);
      form.reset(formValuesOf(nextDraft));
      setActiveKey(null);
      if (message) notify.success(message);
    } catch (err) {
      if (!applyServerErrors(form, err, { fields: API_FIELDS })) throw err;
    }
  };

  return (
    <div className="wz-customize" style={{ padding: 16, boxSizing: 'border-box', width: '100%' }}>
      <style>{STYLES}</style>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12 }}>
        <h1 style={{ fontSize: 24, margin: 0 }}>{t.title}</h1>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <a href={`/${shop.urlShop}`} target="_blank" rel="noreferrer">
            <Button>{t.viewShop}</Button>
          </a>
          <Button onClick={() => form.reset()} disabled={!dirty || busy}>
            {t.discard}
          </Button>
          <SubmitButton control={form.control as never} form={FORM_ID} disabled={!dirty || readOnly} />
        </div>
      </div>
      {readOnly && <Alert type="info" showIcon title={t.ownerOnly} style={{ marginBottom: 12 }} />}
      {dirty && (
        <p role="status" style={{ margin: '0 0 12px', color: '#8a4b00' }}>
          {t.unsaved}
        </p>
      )}
      <div className="wz-customize-grid">
        <ZodForm form={form} onSubmit={submit} id={FORM_ID} aria-label={t.form} style={{ display: 'grid', gap: 16, minWidth: 0 }}>
          <ShopFields />
          <HeaderStyleFields />
          <TabsFieldset facets={facets} onFocus={setActiveKey} />
        </ZodForm>
        <div className="wz-customize-preview" style={{ minWidth: 0 }}>
          <Preview shop={shop} draft={draft} activeKey={activeKey} />
        </div>
      </div>
    </div>
  );
}
