// The loyalty programme form: on / off, what the points are counted on (euros TTC spent or bottles), how
// many points a unit earns, and the levels — a name, a threshold of points and 1 to 5 offers each (a discount in % or
// in € TTC, or products offered from a selection with a maximum number of products). The contract's rules and French
// messages (shared-kernel/contracts/loyalty.ts); an api error naming a field lands under it (ZodForm).
import { createContext, useContext, useId, useMemo } from 'react';
import { Flex, Radio } from 'antd';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { loyaltyOfferLabel, type LoyaltyOffer, type LoyaltyProgram } from 'shared-kernel/contracts';
import {
  EditableList,
  FormField,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  ZodForm,
  type EditableListError,
  type ZodFormReturn,
} from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useProductOptions } from '../promotions/promotions.queries';
import { useSaveLoyaltyProgram } from './loyalty.queries';
import {
  describableOffer,
  loyaltyFormSchema,
  MAX_LEVELS,
  MAX_OFFERS,
  newLevel,
  newOffer,
  toFormValues,
  type LoyaltyFormValues,
  type LoyaltyLevelFormValues,
} from './loyalty.schema';
import { useTexts } from './texts';

type LoyaltyFormApi = ZodFormReturn<typeof loyaltyFormSchema>;
type Path = FieldPath<LoyaltyFormValues>;

const row = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' } as const;
const fieldsetStyle = { border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px 4px', margin: 0, minWidth: 0 } as const;
const legendStyle = { fontWeight: 600, padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 14 } as const;

/** Read-only: every field disabled, no button that adds, removes or saves (one flag for the whole nested form). */
const ReadOnly = createContext(false);

/** A choice among a few values as radio buttons (arrow keys move between them), with the field's label and error. */
function RadioField({ name, label, options }: { name: Path; label: string; options: Array<{ value: string; label: string }> }) {
  const readOnly = useContext(ReadOnly);
  return (
    <FormField<LoyaltyFormValues>
      name={name}
      label={label}
      disabled={readOnly}
      render={(field, a11y) => (
        <span onBlur={field.onBlur} style={{ display: 'block' }}>
          <Radio.Group
            {...a11y}
            aria-label={label}
            name={a11y.id}
            disabled={readOnly}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 4 }}
          >
            {options.map((o, k) => (
              <Radio key={o.value} value={o.value} ref={o.value === field.value || (k === 0 && !field.value) ? field.ref : undefined}>
                {o.label}
              </Radio>
            ))}
          </Radio.Group>
        </span>
      )}
    />
  );
}

/** The one-line description of a level: 'Dès 500 points : Remise de 10 % ou 2 produits offerts au choix'. */
function levelSummary(level: LoyaltyLevelFormValues | undefined, t: ReturnType<typeof useTexts>): string {
  const lang = t.lang === 'en' ? 'en' : 'fr';
  const offers = (level?.offers ?? []).map(describableOffer).filter((o): o is LoyaltyOffer => o !== null);
  const threshold = level?.threshold;
  if (typeof threshold !== 'number' || threshold < 1 || !offers.length) return t.summaryPending;
  return t.summary(t.points(threshold), offers.map((o) => loyaltyOfferLabel(o, lang)).join(t.or));
}

function Offers({
  form,
  levelIndex,
  levelName,
  productOptions,
}: {
  form: LoyaltyFormApi;
  levelIndex: number;
  levelName: string;
  productOptions: Array<{ value: number; label: string }>;
}) {
  const t = useTexts();
  const readOnly = useContext(ReadOnly);
  const offers = useFieldArray({ control: form.control, name: `levels.${levelIndex}.offers` });
  const values = useWatch({ control: form.control, name: `levels.${levelIndex}.offers` });
  return (
    <div>
      <h4 style={{ margin: '4px 0 8px', fontSize: 14 }}>{t.offers}</h4>
      <EditableList
        array={offers}
        label={t.offersOf(levelName)}
        size="small"
        readOnly={readOnly}
        remove={{ label: (j) => t.removeOffer(j + 1, levelName), text: t.remove, min: 1 }}
        error={form.formState.errors.levels?.[levelIndex]?.offers}
        add={{
          label: t.addOffer,
          max: MAX_OFFERS,
          size: 'small',
          style: { marginBlock: 8 },
          onAdd: () => offers.append(newOffer(), { focusName: `levels.${levelIndex}.offers.${offers.fields.length}.amount` }),
        }}
        renderItem={(_, j, item) => {
          const offer = values?.[j];
          const base = `levels.${levelIndex}.offers.${j}` as const;
          const selected = offer?.productIds ?? [];
          const known = new Set(productOptions.map((p) => p.value));
          const options = [
            ...productOptions,
            ...selected.filter((id) => !known.has(id)).map((id) => ({ value: id, label: t.unknownProduct(id) })),
          ];
          return (
            <fieldset style={fieldsetStyle} aria-label={t.offerTitle(j + 1)}>
              <legend style={legendStyle}>{t.offerTitle(j + 1)}</legend>
              {item.actions && (
                <Flex justify="flex-end" style={{ marginBottom: 4 }}>
                  {item.actions}
                </Flex>
              )}
              <RadioField
                name={`${base}.kind`}
                label={t.offerKind}
                options={(['discount', 'products'] as const).map((k) => ({ value: k, label: t.kinds[k] }))}
              />
              {offer?.kind === 'products' ? (
                <div style={row}>
                  <FormField<LoyaltyFormValues>
                    disabled={readOnly}
                    name={`${base}.productIds`}
                    label={t.products}
                    help={t.productsHelp}
                    kind="select"
                    multiple
                    searchable
                    required
                    options={options}
                  />
                  <FormField<LoyaltyFormValues>
                    disabled={readOnly}
                    name={`${base}.maxProducts`}
                    label={t.maxProducts}
                    kind="number"
                    min={1}
                    max={100}
                    precision={0}
                    required
                  />
                </div>
              ) : (
                <div style={row}>
                  <RadioField
                    name={`${base}.type`}
                    label={t.discountType}
                    options={(['%', '€'] as const).map((k) => ({ value: k, label: t.discountTypes[k] }))}
                  />
                  <FormField<LoyaltyFormValues>
                    disabled={readOnly}
                    name={`${base}.amount`}
                    label={offer?.type === '€' ? t.amount : t.percent}
                    kind="number"
                    min={0}
                    precision={offer?.type === '€' ? 2 : 0}
                    suffix={offer?.type === '€' ? '€' : '%'}
                    required
                  />
                </div>
              )}
            </fieldset>
          );
        }}
      />
    </div>
  );
}

function Levels({ form }: { form: LoyaltyFormApi }) {
  const t = useTexts();
  const readOnly = useContext(ReadOnly);
  const levels = useFieldArray({ control: form.control, name: 'levels' });
  const values = useWatch({ control: form.control, name: 'levels' });
  const wantsProducts = (values ?? []).some((l) => l?.offers?.some((o) => o?.kind === 'products'));
  const products = useProductOptions(wantsProducts);
  const productOptions = useMemo(() => (products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })), [products.data]);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} style={{ margin: '8px 0 4px', fontSize: 15 }}>
        {t.levels}
      </h3>
      <p style={{ marginTop: 0, color: '#555' }}>{t.levelsHelp}</p>
      <EditableList
        array={levels}
        label={t.levels}
        empty={t.noLevel}
        size="small"
        readOnly={readOnly}
        remove={{ label: (i) => t.removeLevel(values?.[i]?.name?.trim() || String(i + 1)), text: t.remove }}
        error={form.formState.errors.levels as EditableListError}
        add={{
          label: t.addLevel,
          max: MAX_LEVELS,
          onAdd: () => levels.append(newLevel(), { focusName: `levels.${levels.fields.length}.name` }),
        }}
        renderItem={(_, i, item) => {
          const name = values?.[i]?.name?.trim() ?? '';
          const shown = name || String(i + 1);
          return (
            <fieldset style={fieldsetStyle} aria-label={t.levelTitle(i + 1, '')}>
              <legend style={legendStyle}>{t.levelTitle(i + 1, name)}</legend>
              <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
                <span style={{ color: '#555' }}>{levelSummary(values?.[i], t)}</span>
                {item.actions}
              </Flex>
              <div style={row}>
                <FormField<LoyaltyFormValues> name={`levels.${i}.name`} label={t.levelName} required maxLength={60} disabled={readOnly} />
                <FormField<LoyaltyFormValues>
                  disabled={readOnly}
                  name={`levels.${i}.threshold`}
                  label={t.threshold}
                  kind="number"
                  min={1}
                  precision={0}
                  required
                />
              </div>
              <Offers form={form} levelIndex={i} levelName={shown} productOptions={productOptions} />
            </fieldset>
          );
        }}
      />
    </section>
  );
}

export function LoyaltyForm({ program, readOnly = false }: { program: LoyaltyProgram; readOnly?: boolean }) {
  const t = useTexts();
  const save = useSaveLoyaltyProgram();
  const form = useZodForm(loyaltyFormSchema, { defaultValues: toFormValues(program) });
  useUnsavedChangesGuard(form.formState.isDirty);
  const basis = useWatch({ control: form.control, name: 'basis' });
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 8 }}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values);
        form.reset(toFormValues(saved));
        notify.success(saved.message || t.saved);
      }}
    >
      <ReadOnly.Provider value={readOnly}>
        <FormField<LoyaltyFormValues> name="active" label={t.active} help={t.activeHelp} kind="switch" disabled={readOnly} />
        <div style={row}>
          <RadioField name="basis" label={t.basis} options={(['euro', 'bottle'] as const).map((b) => ({ value: b, label: t.bases[b] }))} />
          <FormField<LoyaltyFormValues>
            disabled={readOnly}
            name="pointsPerUnit"
            label={t.pointsPerUnit}
            help={t.pointsHelp}
            kind="number"
            min={1}
            max={1000}
            precision={0}
            suffix={t.pointsSuffix[basis === 'bottle' ? 'bottle' : 'euro']}
            required
          />
        </div>
        <Levels form={form} />
        {!readOnly && (
          <div style={{ marginTop: 8 }}>
            <SubmitButton />
          </div>
        )}
      </ReadOnly.Provider>
    </ZodForm>
  );
}
