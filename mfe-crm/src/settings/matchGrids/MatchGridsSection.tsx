// /dashboard/settings?link=matchGrids: the correspondence grids the imports read — a producer's codes ↔ this
// shop's formats, typologies and payment methods. Editable tables (add, remove a row), each target a select of the
// shop's own values (formats searched on the server). Saved by the owner (the iam reads them).
import { useMemo, useState } from 'react';
import { Alert, Card, Select } from 'antd';
import { useFieldArray } from 'react-hook-form';
import { PAYMENT_METHODS } from 'shared-kernel/domain';
import {
  FormField,
  SubmitButton,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
  type FieldA11y,
  type ZodFormReturn,
  SectionFrame,
  EditableList,
} from 'shared-kernel/kit';
import { notify, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { useFormatOptions, useMatchGrids, useSaveMatchGrids, useShopTypologies } from './matchGrids.queries';
import {
  GRIDS,
  MATCH_GRID_MAX_ROWS,
  matchGridsFormSchema,
  newRow,
  toBody,
  toFormValues,
  type GridName,
  type MatchGrids,
  type MatchGridsFormValues,
} from './matchGrids.schema';
import { useTexts } from './texts';

type GridsForm = ZodFormReturn<typeof matchGridsFormSchema>;
type Option = { value: string | number; label: string };

const rowStyle = {
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: '8px 12px 0',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0 12px',
} as const;

/** The shop's formats, searched on the server; the row's saved format stays shown with its label. */
function FormatSelect({
  value,
  label,
  onChange,
  onBlur,
  a11y,
  disabled,
}: {
  value: number | null;
  label: string | null | undefined;
  onChange: (value: number | null, label: string | null) => void;
  onBlur: () => void;
  a11y: FieldA11y;
  disabled: boolean;
}) {
  const t = useTexts();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const found = useFormatOptions(q, open && !disabled);
  const options = useMemo(() => {
    const list: Option[] = [...(found.data ?? [])];
    if (value !== null && !list.some((o) => o.value === value)) list.unshift({ value, label: label ?? t.formatDeleted(value) });
    return list;
  }, [found.data, value, label, t]);
  return (
    <Select
      {...a11y}
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange(v ?? null, options.find((o) => o.value === v)?.label ?? null)}
      onOpenChange={setOpen}
      onBlur={onBlur}
      disabled={disabled}
      loading={found.isFetching}
      placeholder={t.searchFormat}
      options={options}
      notFoundContent={found.isFetching ? t.loadingOptions : t.noFormat}
      status={a11y['aria-invalid'] ? 'error' : undefined}
      style={{ width: '100%' }}
    />
  );
}

function Grid({ form, grid, disabled, options }: { form: GridsForm; grid: GridName; disabled: boolean; options: Option[] }) {
  const t = useTexts();
  const phone = useLayoutMode() === 'mobile';
  const rows = useFieldArray({ control: form.control, name: grid });
  const title = t.grids[grid];
  const basis = (px: number) => ({ flex: phone ? '1 1 100%' : `1 1 ${px}px`, minWidth: 0 });
  const listError = form.formState.errors[grid]?.root?.message ?? form.formState.errors[grid]?.message;
  return (
    <Card title={title} size="small">
      <p style={{ marginTop: 0, color: '#555' }}>{t.gridHelp[grid]}</p>
      <EditableList
        array={rows}
        label={title}
        empty={t.empty}
        gap={8}
        readOnly={disabled}
        actionsStyle={{ paddingTop: phone ? 0 : 30, marginBottom: 16 }}
        remove={{ label: (i) => t.removeRow(title, i + 1), title: true }}
        error={listError}
        add={{
          label: t.addRow,
          ariaLabel: t.addRowTo(title),
          max: MATCH_GRID_MAX_ROWS,
          fullTitle: t.full(MATCH_GRID_MAX_ROWS),
          onAdd: () => rows.append(newRow[grid]() as never, { shouldFocus: true }),
        }}
        renderItem={(_, i, item) => (
          <div role="group" aria-label={t.row(title, i + 1)} style={rowStyle}>
            <div style={basis(140)}>
              <FormField<MatchGridsFormValues> name={`${grid}.${i}.code`} label={t.code} required maxLength={50} disabled={disabled} />
            </div>
            <div style={basis(180)}>
              <FormField<MatchGridsFormValues> name={`${grid}.${i}.label`} label={t.label} maxLength={120} disabled={disabled} />
            </div>
            <div style={{ ...basis(260), flexGrow: 2 }}>
              {grid === 'products' ? (
                <FormField<MatchGridsFormValues>
                  name={`products.${i}.formatId`}
                  label={t.target.products}
                  required
                  render={(field, a11y) => (
                    <FormatSelect
                      value={(field.value as number | null | undefined) ?? null}
                      label={form.getValues(`products.${i}.formatLabel`)}
                      onChange={(v, label) => {
                        form.setValue(`products.${i}.formatLabel`, label, { shouldDirty: true });
                        field.onChange(v);
                      }}
                      onBlur={field.onBlur}
                      a11y={a11y}
                      disabled={disabled}
                    />
                  )}
                />
              ) : (
                <FormField<MatchGridsFormValues>
                  name={grid === 'typologies' ? `typologies.${i}.typologyId` : `paymentMethods.${i}.method`}
                  kind="select"
                  label={t.target[grid]}
                  required
                  searchable
                  options={options}
                  disabled={disabled}
                />
              )}
            </div>
            {item.actions}
          </div>
        )}
      />
    </Card>
  );
}

/** The shop's typologies for the select: the api's list (owner), else the session's; a saved one since deleted stays shown. */
function useTypologyOptions(canEdit: boolean, saved: MatchGrids): Option[] {
  const t = useTexts();
  const sessionTypologies = useSession((s) => s.shop?.typologies);
  const query = useShopTypologies(canEdit);
  return useMemo(() => {
    const list: Option[] = (query.data ?? sessionTypologies ?? []).map((ty) => ({ value: ty.id, label: ty.name }));
    for (const r of saved.typologies)
      if (!list.some((o) => o.value === r.typologyId)) list.push({ value: r.typologyId, label: t.typologyUnknown(r.typologyId) });
    return list;
  }, [query.data, sessionTypologies, saved, t]);
}

const paymentOptions: Option[] = PAYMENT_METHODS.map((p) => ({ value: p.value, label: p.label }));

function MatchGridsForm({ saved, canEdit }: { saved: MatchGrids; canEdit: boolean }) {
  const t = useTexts();
  const save = useSaveMatchGrids();
  const form = useZodForm(matchGridsFormSchema, { defaultValues: toFormValues(saved) as never });
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const typologies = useTypologyOptions(canEdit, saved);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const next = await save.mutateAsync(toBody(values));
        form.reset(toFormValues(next) as never);
        notify.success(next.message || t.saved);
        guard.allowNavigation();
      }}
    >
      {GRIDS.map((g) => (
        <Grid
          key={g}
          form={form}
          grid={g}
          disabled={!canEdit}
          options={g === 'typologies' ? typologies : g === 'paymentMethods' ? paymentOptions : []}
        />
      ))}
      {canEdit && (
        <div>
          <SubmitButton disabled={!isDirty} />
        </div>
      )}
    </ZodForm>
  );
}

/** Settings section `matchGrids`: the owner saves; the iam sees the grids without changing them. */
export const MatchGridsSection = withQueryScope(function MatchGridsSection() {
  const t = useTexts();
  const isOwner = useSession((s) => s.user?.role === 'owner');
  const query = useMatchGrids();
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(saved) => (
        <>
          {!isOwner && <Alert type="info" showIcon title={t.ownerOnly} />}
          <MatchGridsForm saved={saved} canEdit={isOwner} />
        </>
      )}
    </SectionFrame>
  );
});
