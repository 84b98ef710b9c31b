// /dashboard/settings?link=documents, owner only: the look of the PDFs (invoices, credit notes, quotes) —
// the logo (PNG / JPEG / WebP up to 1 MB, sent as a data URL), the accent colour, a footer line — and a specimen
// invoice to check it. GET / PUT /sales/settings/documents, GET /sales/settings/documents/preview.pdf.
import { useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Input } from 'antd';
import { useWatch } from 'react-hook-form';
import type { DocumentsSettings } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, withQueryScope, ZodForm, SectionFrame } from 'shared-kernel/kit';
import { notify, useSession } from 'shared-kernel/runtime';
import { downloadDocumentsPreview, useDocumentsSettings, useSaveDocumentsSettings } from './documents.queries';
import {
  DEFAULT_COLOR,
  documentsFormSchema,
  logoProblem,
  LOGO_TYPES,
  toBody,
  toFormValues,
  type DocumentsFormValues,
} from './documents.schema';
import { useTexts } from './texts';

const readAsDataUrl = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

function DocumentsForm({ settings }: { settings: DocumentsSettings }) {
  const t = useTexts();
  const save = useSaveDocumentsSettings();
  const form = useZodForm(documentsFormSchema, { defaultValues: toFormValues(settings) });
  useUnsavedChangesGuard(form.formState.isDirty);
  const logo = useWatch({ control: form.control, name: 'logo' });
  const color = useWatch({ control: form.control, name: 'color' });
  const fileInput = useRef<HTMLInputElement>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = logoProblem(file);
    setLogoError(problem);
    if (problem) return;
    form.setValue('logo', await readAsDataUrl(file), { shouldDirty: true });
  };

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
      <Card title={t.logo} size="small">
        <p style={{ marginTop: 0, color: '#555' }} id="documents-logo-help">
          {t.logoHelp}
        </p>
        {logo ? (
          <img src={logo} alt={t.logoAlt} style={{ maxWidth: 200, maxHeight: 100, display: 'block', marginBottom: 12 }} />
        ) : (
          <p>{t.noLogo}</p>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={LOGO_TYPES.join(',')}
          aria-label={t.chooseLogo}
          aria-describedby="documents-logo-help"
          style={{ display: 'none' }}
          data-testid="documents-logo-input"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Flex wrap gap={8}>
          <Button onClick={() => fileInput.current?.click()}>{logo ? t.replaceLogo : t.chooseLogo}</Button>
          {logo && (
            <Button
              danger
              onClick={() => {
                form.setValue('logo', null, { shouldDirty: true });
                setLogoError(null);
              }}
            >
              {t.removeLogo}
            </Button>
          )}
        </Flex>
        {logoError && <Alert type="error" showIcon role="alert" title={logoError} style={{ marginTop: 8 }} />}
      </Card>
      <Card title={t.color} size="small">
        <FormField<DocumentsFormValues>
          name="color"
          label={t.color}
          help={t.colorHelp}
          render={(field, a11y) => (
            <Flex gap={8} align="center">
              <input
                type="color"
                aria-label={t.color}
                value={/^#[0-9a-f]{6}$/i.test(String(field.value)) ? String(field.value) : DEFAULT_COLOR}
                onChange={(e) => field.onChange(e.target.value)}
                style={{ width: 44, height: 32, padding: 0, border: 'none', background: 'none' }}
              />
              <Input
                {...a11y}
                ref={field.ref as never}
                value={String(field.value ?? '')}
                placeholder={DEFAULT_COLOR}
                maxLength={7}
                style={{ maxWidth: 140 }}
                onChange={(e) => field.onChange(e.target.value.trim())}
                onBlur={field.onBlur}
                status={a11y['aria-invalid'] ? 'error' : undefined}
              />
              {color && (
                <Button type="link" onClick={() => form.setValue('color', '', { shouldDirty: true })}>
                  {t.defaultColor}
                </Button>
              )}
            </Flex>
          )}
        />
      </Card>
      <Card title={t.footer} size="small">
        <FormField<DocumentsFormValues> name="footer" label={t.footer} kind="textarea" rows={2} maxLength={600} help={t.footerHelp} />
      </Card>
      <Flex wrap gap={8} align="center">
        <SubmitButton />
        <Button
          loading={previewing}
          onClick={() => {
            setPreviewing(true);
            downloadDocumentsPreview()
              .catch((e: Error) => notify.error(e.message))
              .finally(() => setPreviewing(false));
          }}
        >
          {t.preview}
        </Button>
        <span style={{ color: '#555' }}>{t.previewHelp}</span>
      </Flex>
    </ZodForm>
  );
}

/** Settings section `documents`: the owner's (the api refuses the change to anyone else). */
export const DocumentsSection = withQueryScope(function DocumentsSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const query = useDocumentsSettings(isOwner);
  if (!isOwner) return <Alert type="info" showIcon title={t.ownerOnly} />;
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(settings) => <DocumentsForm settings={settings} />}
    </SectionFrame>
  );
});
