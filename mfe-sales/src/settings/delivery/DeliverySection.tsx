// /dashboard/settings?link=delivery: the delivery types offered at checkout (zones of countries with their
// rate, free-shipping thresholds), the collection points and the packaging (12 bottles a package and 7 € HT per extra
// package by default, spec §9). GET / PUT /orders/settings/delivery; owner, or iam with manageDelivery.
import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Flex, Select } from 'antd';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { DeliverySettings, DeliverySettingsInput } from 'shared-kernel/contracts';
import { currentShopId, formatCents, hasPermission, toCents } from 'shared-kernel/domain';
import {
  FormField,
  SubmitButton,
  toFieldPath,
  useUnsavedChangesGuard,
  useZodForm,
  withQueryScope,
  ZodForm,
  type ZodFormReturn,
  SectionFrame,
  countryOptions,
  EditableList,
} from 'shared-kernel/kit';
import { ApiError, notify, useSession } from 'shared-kernel/runtime';
import { useDeliverySettings, useSaveDeliverySettings } from './delivery.queries';
import {
  deliveryFormSchema,
  MAX_POINTS,
  MAX_TYPES,
  MAX_ZONES,
  newCollectionPoint,
  newDeliveryType,
  newZone,
  toBody,
  toFormValues,
  type DeliveryFormValues,
} from './delivery.schema';
import { useTexts } from './texts';

type DeliveryForm = ZodFormReturn<typeof deliveryFormSchema>;

const row = { display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' } as const;
const fieldsetStyle = { border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 12px 4px', margin: 0, minWidth: 0 } as const;
const legendStyle = { fontWeight: 600, padding: '0 4px', width: 'auto', marginBottom: 0, fontSize: 14 } as const;

type Texts = ReturnType<typeof useTexts>;

/**
 * The ↑ ↓ ✕ names of a delivery type or a collection point: its name once typed, else its number ('Mode 2').
 * `numbered` is the item's title without a name, `removeOf` the remove text of a name (or of the number).
 */
function namedButtons(t: Texts, nameOf: (i: number) => string, numbered: (i: number) => string, removeOf: (name: string) => string) {
  const shown = (i: number) => nameOf(i) || numbered(i);
  return {
    move: { upLabel: (i: number) => t.moveUp(shown(i)), downLabel: (i: number) => t.moveDown(shown(i)) },
    remove: { label: (i: number) => removeOf(nameOf(i) || String(i + 1)) },
  };
}

/** One delivery type or collection point: a fieldset named by its number, its buttons in the top corner. */
function ItemFieldset({ label, legend, actions, children }: { label: string; legend: string; actions: ReactNode; children: ReactNode }) {
  return (
    <fieldset style={fieldsetStyle} aria-label={label}>
      <legend style={legendStyle}>{legend}</legend>
      <Flex justify="flex-end" style={{ marginBottom: 4 }}>
        {actions}
      </Flex>
      {children}
    </fieldset>
  );
}

function Zones({ form, typeIndex, typeName, disabled }: { form: DeliveryForm; typeIndex: number; typeName: string; disabled: boolean }) {
  const t = useTexts();
  const options = useMemo(() => countryOptions(t.lang), [t.lang]);
  const zones = useFieldArray({ control: form.control, name: `deliveryTypes.${typeIndex}.zones` });
  const errors = form.formState.errors.deliveryTypes?.[typeIndex]?.zones;
  const listMessage = errors?.message ?? errors?.root?.message;
  return (
    <div>
      <h4 style={{ margin: '4px 0 8px', fontSize: 14 }}>{t.zones}</h4>
      <EditableList
        array={zones}
        label={`${t.zones} — ${typeName}`}
        size="small"
        disabled={disabled}
        remove={{ label: (j) => t.removeZone(typeName, j + 1) }}
        error={listMessage}
        add={{
          label: t.addZone,
          max: MAX_ZONES,
          size: 'small',
          style: { marginBlock: 8 },
          onAdd: () => zones.append(newZone() as never, { shouldFocus: true }),
        }}
        renderItem={(_, j, item) => (
          <Flex gap={12} align="flex-start" wrap>
            <div style={{ flex: '3 1 220px', minWidth: 0 }}>
              <FormField
                name={`deliveryTypes.${typeIndex}.zones.${j}.countries`}
                label={`${t.zoneTitle(j + 1)} — ${t.countries}`}
                help={t.countriesHelp}
                render={(field, a11y) => (
                  <Select
                    {...a11y}
                    mode="multiple"
                    ref={field.ref}
                    disabled={disabled}
                    value={(field.value as string[] | undefined) ?? []}
                    onChange={(v: string[]) => field.onChange(v)}
                    onBlur={field.onBlur}
                    options={options}
                    placeholder={t.everyCountry}
                    showSearch={{ optionFilterProp: 'label' }}
                    allowClear
                    style={{ width: '100%' }}
                  />
                )}
              />
            </div>
            <div style={{ flex: '1 1 120px' }}>
              <FormField
                name={`deliveryTypes.${typeIndex}.zones.${j}.price`}
                label={`${t.zoneTitle(j + 1)} — ${t.rate}`}
                kind="number"
                required
                min={0}
                precision={2}
                suffix={t.ht}
                disabled={disabled}
              />
            </div>
            <div style={{ paddingTop: 30 }}>{item.actions}</div>
          </Flex>
        )}
      />
    </div>
  );
}

function DeliveryTypes({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const t = useTexts();
  const types = useFieldArray({ control: form.control, name: 'deliveryTypes' });
  const values = useWatch({ control: form.control, name: 'deliveryTypes' }) as DeliveryFormValues['deliveryTypes'] | undefined;
  const nameOf = (i: number) => values?.[i]?.name?.trim() ?? '';
  return (
    <Card title={t.types} size="small">
      <p style={{ marginTop: 0, color: '#555' }}>{t.typesHelp}</p>
      <EditableList
        array={types}
        label={t.types}
        empty={t.noType}
        size="small"
        disabled={disabled}
        {...namedButtons(t, nameOf, (i) => t.typeTitle(i + 1, ''), t.removeType)}
        add={{
          label: t.addType,
          max: MAX_TYPES,
          onAdd: () => types.append(newDeliveryType((values ?? []).map((d) => d.ref ?? '')) as never, { shouldFocus: true }),
        }}
        renderItem={(_, i, item) => {
          const name = nameOf(i);
          return (
            <ItemFieldset label={t.typeTitle(i + 1, '')} legend={t.typeTitle(i + 1, name)} actions={item.actions}>
              <div style={row}>
                <FormField
                  name={`deliveryTypes.${i}.name`}
                  label={t.typeName}
                  placeholder={t.typeNamePlaceholder}
                  required
                  maxLength={100}
                  disabled={disabled}
                />
                <FormField name={`deliveryTypes.${i}.ref`} label={t.ref} help={t.refHelp} required maxLength={100} disabled={disabled} />
                <FormField
                  name={`deliveryTypes.${i}.type`}
                  label={t.carrier}
                  help={t.carrierHelp}
                  required
                  maxLength={50}
                  disabled={disabled}
                />
              </div>
              <Zones form={form} typeIndex={i} typeName={name || t.typeTitle(i + 1, '')} disabled={disabled} />
              <h4 style={{ margin: '4px 0 0', fontSize: 14 }}>{t.franco}</h4>
              <p style={{ margin: '0 0 8px', color: '#555' }}>{t.francoHelp}</p>
              <div style={row}>
                <FormField
                  name={`deliveryTypes.${i}.franco.quantity`}
                  label={t.francoQuantity}
                  kind="number"
                  min={1}
                  precision={0}
                  disabled={disabled}
                />
                <FormField
                  name={`deliveryTypes.${i}.franco.amount`}
                  label={t.francoAmount}
                  kind="number"
                  min={0}
                  precision={2}
                  suffix={t.euros}
                  disabled={disabled}
                />
              </div>
            </ItemFieldset>
          );
        }}
      />
    </Card>
  );
}

function CollectionPoints({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const t = useTexts();
  const points = useFieldArray({ control: form.control, name: 'collectionPoints', keyName: 'key' });
  const values = useWatch({ control: form.control, name: 'collectionPoints' }) as DeliveryFormValues['collectionPoints'] | undefined;
  const nameOf = (i: number) => values?.[i]?.name?.trim() ?? '';
  return (
    <Card title={t.points} size="small">
      <p style={{ marginTop: 0, color: '#555' }}>{t.pointsHelp}</p>
      <EditableList
        array={points}
        keyName="key"
        label={t.points}
        empty={t.noPoint}
        size="small"
        disabled={disabled}
        {...namedButtons(t, nameOf, (i) => t.pointTitle(i + 1, ''), t.removePoint)}
        add={{ label: t.addPoint, max: MAX_POINTS, onAdd: () => points.append(newCollectionPoint() as never, { shouldFocus: true }) }}
        renderItem={(_, i, item) => (
          <ItemFieldset label={t.pointTitle(i + 1, '')} legend={t.pointTitle(i + 1, nameOf(i))} actions={item.actions}>
            <div style={row}>
              <FormField name={`collectionPoints.${i}.name`} label={t.pointName} required maxLength={100} disabled={disabled} />
              <FormField
                name={`collectionPoints.${i}.price`}
                label={t.pointPrice}
                kind="number"
                required
                min={0}
                precision={2}
                suffix={t.euros}
                disabled={disabled}
              />
            </div>
            <FormField
              name={`collectionPoints.${i}.address`}
              label={t.pointAddress}
              kind="textarea"
              rows={2}
              required
              maxLength={300}
              disabled={disabled}
            />
          </ItemFieldset>
        )}
      />
    </Card>
  );
}

function PackagingCard({ form, disabled }: { form: DeliveryForm; disabled: boolean }) {
  const t = useTexts();
  const [bottles, price] = useWatch({ control: form.control, name: ['packaging.bottlesPerPackage', 'packaging.extraPackagePrice'] });
  return (
    <Card title={t.packaging} size="small">
      <p style={{ marginTop: 0, color: '#555' }}>
        {t.packagingHelp(Number(bottles) || 12, formatCents(toCents(typeof price === 'number' && price >= 0 ? price : 7)))}
      </p>
      <div style={row}>
        <FormField
          name="packaging.bottlesPerPackage"
          label={t.bottlesPerPackage}
          kind="number"
          required
          min={1}
          max={120}
          precision={0}
          disabled={disabled}
        />
        <FormField
          name="packaging.extraPackagePrice"
          label={t.extraPackagePrice}
          kind="number"
          required
          min={0}
          precision={2}
          suffix={t.ht}
          disabled={disabled}
        />
      </div>
    </Card>
  );
}

function DeliveryForm({ settings, canEdit }: { settings: DeliverySettings; canEdit: boolean }) {
  const t = useTexts();
  const save = useSaveDeliverySettings();
  const form = useZodForm(deliveryFormSchema, { defaultValues: toFormValues(settings) as DeliverySettingsInput });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        try {
          const saved = await save.mutateAsync(toBody(values));
          form.reset(toFormValues(saved) as DeliverySettingsInput);
          notify.success(saved.message || t.saved);
          guard.allowNavigation();
        } catch (err) {
          // a bad country code names its place in the list: the error goes under the list's select
          if (err instanceof ApiError && err.field && /\.countries\.\d+$/.test(toFieldPath(err.field))) {
            form.setError(
              toFieldPath(err.field).replace(/\.\d+$/, '') as never,
              { type: 'server', message: err.message },
              { shouldFocus: true },
            );
            return;
          }
          throw err;
        }
      }}
    >
      <DeliveryTypes form={form} disabled={!canEdit} />
      <CollectionPoints form={form} disabled={!canEdit} />
      <PackagingCard form={form} disabled={!canEdit} />
      {canEdit && (
        <div>
          <SubmitButton />
        </div>
      )}
    </ZodForm>
  );
}

/** Settings section `delivery`: owner, or iam with manageDelivery (the api answers 403 to anyone else). */
export const DeliverySection = withQueryScope(function DeliverySection() {
  const t = useTexts();
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const canEdit =
    !!user && (user.role === 'owner' || user.role === 'iam') && hasPermission(user, currentShopId(user, shop), 'manageDelivery');
  const query = useDeliverySettings(canEdit);
  if (!canEdit) return <Alert type="info" showIcon title={t.readOnly} />;
  return (
    <SectionFrame intro={t.intro} query={query} texts={t}>
      {(settings) => <DeliveryForm settings={settings} canEdit={canEdit} />}
    </SectionFrame>
  );
});
