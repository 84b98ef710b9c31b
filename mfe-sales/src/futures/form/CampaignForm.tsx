// The campaign form (/dashboard/futures/add, and the edit drawer of the detail): name, vintage, description, deposit
// percentage, delivery period, and the offer — catalogue formats (searched on the server) with a price HT per typology
// of the shop. A line already ordered cannot be removed (the api refuses it too).
import { useState } from 'react';
import { Button, Card } from 'antd';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import type { FuturesCampaign } from 'shared-kernel/contracts';
import {
  FormField,
  FormatSelect as KitFormatSelect,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  ZodForm,
  type FieldA11y,
} from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify, useSession } from 'shared-kernel/runtime';
import { useFormatOptions } from '../../lookups/lookups.queries';
import { useCreateCampaign, useUpdateCampaign } from '../futures.queries';
import { useTexts } from '../texts';
import { campaignFormSchema, campaignFormValues, emptyCampaignLine, toCampaignInput, type CampaignFormValues } from './campaign.schema';

/** The shop's typologies (id, name), from the session. */
export function useTypologies(): Array<{ id: string; name: string }> {
  const typologies = useSession((s) => s.shop?.typologies);
  return (typologies ?? []).map((t) => ({ id: t.id, name: t.name }));
}

function FormatSelect({ index, a11y, onBlur, disabled }: { index: number; a11y: FieldA11y; onBlur: () => void; disabled: boolean }) {
  const t = useTexts().form;
  const { control, setValue } = useFormContext<CampaignFormValues>();
  const [q, setQ] = useState('');
  const formats = useFormatOptions(q);
  const formatId = useWatch({ control, name: `lines.${index}.formatId` });
  const formatLabel = useWatch({ control, name: `lines.${index}.formatLabel` });
  return (
    <KitFormatSelect
      a11y={a11y}
      onSearch={setQ}
      value={formatId}
      selectedLabel={formatLabel || `#${formatId}`}
      disabled={disabled}
      onBlur={onBlur}
      onChange={(v, chosen) => {
        setValue(`lines.${index}.formatLabel`, chosen?.label ?? '', { shouldDirty: true });
        setValue(`lines.${index}.formatId`, v, { shouldDirty: true, shouldValidate: true, shouldTouch: true });
      }}
      loading={formats.isFetching}
      placeholder={t.searchFormat}
      emptyText={t.noFormat}
      options={formats.data}
    />
  );
}

const grid = { display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', alignItems: 'start' } as const;

function OfferEditor() {
  const texts = useTexts();
  const t = texts.form;
  const typologies = useTypologies();
  const { control, formState } = useFormContext<CampaignFormValues>();
  const lines = useFieldArray({ control, name: 'lines' });
  const ordered = useWatch({ control, name: 'lines' })?.map((l) => l?.ordered ?? 0) ?? [];
  const linesError = formState.errors.lines?.message ?? formState.errors.lines?.root?.message;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 16, marginBottom: 4 }}>{t.offer}</legend>
      <p style={{ margin: 0, color: 'var(--ant-color-text-description, #595959)' }}>{t.offerHelp}</p>
      {lines.fields.map((f, i) => {
        const used = (ordered[i] ?? 0) > 0;
        return (
          <Card
            key={f.id}
            size="small"
            role="group"
            aria-label={t.line(i + 1)}
            title={
              <span>
                {t.line(i + 1)}
                {used && <span style={{ fontWeight: 400 }}> · {texts.detail.alreadyOrdered(ordered[i])}</span>}
              </span>
            }
            extra={
              <Button type="link" danger disabled={used} onClick={() => lines.remove(i)} aria-label={t.removeLine(i + 1)}>
                {t.remove}
              </Button>
            }
          >
            <FormField<CampaignFormValues>
              name={`lines.${i}.formatId`}
              label={t.format}
              required
              render={(field, a11y) => <FormatSelect index={i} a11y={a11y} onBlur={field.onBlur} disabled={used} />}
            />
            <div style={grid}>
              {typologies.map((typ) => (
                <FormField<CampaignFormValues>
                  key={typ.id}
                  name={`lines.${i}.prices.${typ.id}`}
                  label={t.price(typ.name)}
                  kind="number"
                  min={0}
                  precision={2}
                  suffix="€"
                />
              ))}
            </div>
          </Card>
        );
      })}
      {linesError && (
        <div role="alert" style={{ color: 'var(--ant-color-error, #b42318)' }}>
          {linesError}
        </div>
      )}
      <div>
        <Button onClick={() => lines.append(emptyCampaignLine(typologies.map((x) => x.id)), { shouldFocus: false })}>{t.addLine}</Button>
      </div>
    </fieldset>
  );
}

export function CampaignForm({ campaign, onDone }: { campaign?: FuturesCampaign; onDone?: () => void }) {
  const t = useTexts().form;
  const navigate = useNavigate();
  const typologies = useTypologies();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const form = useZodForm(campaignFormSchema, {
    defaultValues: campaignFormValues(
      typologies.map((x) => x.id),
      campaign,
    ),
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12, maxWidth: 900 }}
      onSubmit={async (values) => {
        const input = toCampaignInput(values);
        const saved = campaign ? await update.mutateAsync({ id: campaign.id, input }) : await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/futures/${saved.id}`);
      }}
    >
      <div style={grid}>
        <FormField<CampaignFormValues> name="name" label={t.name} required maxLength={120} />
        <FormField<CampaignFormValues> name="vintage" label={t.vintage} required maxLength={4} />
        <FormField<CampaignFormValues>
          name="depositPercent"
          label={t.depositPercent}
          kind="number"
          min={1}
          max={100}
          precision={0}
          suffix="%"
          help={t.depositHelp}
          required
        />
      </div>
      <div style={grid}>
        <FormField<CampaignFormValues> name="deliveryFrom" label={t.deliveryFrom} kind="date" required />
        <FormField<CampaignFormValues> name="deliveryTo" label={t.deliveryTo} kind="date" required />
      </div>
      <FormField<CampaignFormValues> name="description" label={t.description} kind="textarea" rows={3} maxLength={2000} />
      <OfferEditor />
      <div>
        <SubmitButton>{t.submit}</SubmitButton>
      </div>
    </ZodForm>
  );
}
