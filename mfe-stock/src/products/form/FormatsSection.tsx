import { Button, Card, Col, Empty, Row, Space, Switch, Tag, Typography } from 'antd';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { formatShortLabel, type ProductDefaults } from 'shared-kernel/contracts';
import { CONTAINERS, eq75, FORMAT_TYPES, UNITS } from 'shared-kernel/domain';
import { FormField } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { EuroInput, Gs1Preview } from './inputs';
import { newFormat, type FormatFormValues, type ProductFormValues, type TypologyOption } from './product.schema';
import { VisualsField } from './VisualsField';

const F = FormField<ProductFormValues>;

function containersOf(formatType: FormatFormValues['formatType']) {
  return formatType === 'bib' ? CONTAINERS.bib : formatType === 'vrac' ? CONTAINERS.vrac : CONTAINERS.bottle;
}

function FormatCard({ index, readOnly }: { index: number; readOnly: boolean }) {
  const t = useTexts();
  const { setValue } = useFormContext<ProductFormValues>();
  const base = `formats.${index}` as const;
  const f = useWatch<ProductFormValues, typeof base>({ name: base });
  const litres = f?.unity === 'litre' && typeof f.unityValue === 'number' && f.unityValue > 0 ? f.unityValue : null;
  return (
    <Row gutter={12}>
      <Col xs={12} md={6}>
        <F name={`${base}.formatType`} label={t.formatType} kind="select" required options={FORMAT_TYPES} />
      </Col>
      <Col xs={12} md={6}>
        <F
          name={`${base}.container`}
          label={t.container}
          kind="select"
          options={containersOf(f?.formatType ?? 'bottle')}
          inputProps={{
            onSelect: (v: string) => {
              const c = containersOf(f?.formatType ?? 'bottle').find((x) => x.value === v);
              if (c && f?.unity === 'litre') setValue(`${base}.unityValue`, c.litres, { shouldDirty: true, shouldValidate: true });
            },
          }}
        />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.unity`} label={t.unity} kind="select" required options={UNITS} />
      </Col>
      <Col xs={12} md={6}>
        <F
          name={`${base}.unityValue`}
          label={t.unityValue}
          kind="number"
          required
          min={0}
          step={0.05}
          suffix={f?.unity === 'litre' ? 'l' : undefined}
        />
      </Col>
      <Col xs={12} md={6}>
        <div style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t.eq75}</Typography.Text>
          <div data-testid={`eq75-${index}`} style={{ fontSize: 16 }}>
            {litres === null ? '–' : String(eq75(litres)).replace('.', ',')}
          </div>
        </div>
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.nameInShop`} label={t.nameInShop} />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.packing`} label={t.packing} />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.packingQuantity`} label={t.packingQuantity} kind="number" min={1} precision={0} />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.weight`} label={t.weight} kind="number" min={0} step={0.1} />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.minPurchase`} label={t.minPurchase} kind="number" min={1} precision={0} />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.maxPurchase`} label={t.maxPurchase} kind="number" min={1} precision={0} />
      </Col>
      <Col xs={12} md={6}>
        <F name={`${base}.alertThreshold`} label={t.alertThreshold} kind="number" min={0} precision={0} />
      </Col>
      <Col xs={24} md={12}>
        <F name={`${base}.gtin`} label={t.gtin} inputProps={{ inputMode: 'numeric', maxLength: 14 }} />
        <Gs1Preview gtin={f?.gtin} />
      </Col>
      <Col xs={12} md={6}>
        <F
          name={`${base}.costCents`}
          label={t.costCents}
          render={(field, a11y) => (
            <EuroInput a11y={a11y} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} />
          )}
        />
      </Col>
      <Col xs={12} md={6}>
        <F
          name={`${base}.wrapping`}
          label={t.wrapping}
          render={(field, a11y) => {
            const w = field.value as FormatFormValues['wrapping'];
            return (
              <Space>
                <Switch
                  id={a11y.id}
                  aria-label={t.wrapping}
                  checked={!!w?.available}
                  onChange={(on) => field.onChange(on ? { available: true, priceCents: w?.priceCents ?? 0 } : null)}
                />
                {w?.available && (
                  <EuroInput
                    value={w.priceCents}
                    onChange={(c) => field.onChange({ available: true, priceCents: c ?? 0 })}
                    suffix="€ TTC"
                  />
                )}
              </Space>
            );
          }}
        />
      </Col>
      <Col xs={24}>
        <F
          name={`${base}.visuals`}
          label={t.formatVisuals}
          render={(field) => (
            <VisualsField label={t.formatVisuals} value={field.value as string[]} onChange={field.onChange} readOnly={readOnly} />
          )}
        />
      </Col>
    </Row>
  );
}

export function formatTitle(f: Partial<FormatFormValues> | undefined): string {
  if (!f) return '';
  return f.nameInShop || (typeof f.unityValue === 'number' ? formatShortLabel(f.unity ?? 'litre', f.unityValue) : '');
}

export function FormatsSection({
  readOnly,
  used,
  typologies,
  defaults = null,
}: {
  readOnly: boolean;
  used: Set<number>;
  typologies: TypologyOption[];
  /** the shop's product defaults: a format added starts from them */
  defaults?: ProductDefaults | null;
}) {
  const t = useTexts();
  const { control, getValues } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'formats', keyName: 'key' });
  const formats = useWatch<ProductFormValues, 'formats'>({ name: 'formats' });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {!fields.length && <Empty description={t.noFormat} />}
      {fields.map((f, i) => {
        const id = (f as { id?: number }).id;
        return (
          <Card
            key={f.key}
            size="small"
            title={t.formatTitle(i, formatTitle(formats?.[i]))}
            extra={
              id && used.has(id) ? (
                <Tag>{t.usedLine}</Tag>
              ) : (
                !readOnly && (
                  <Button size="small" danger onClick={() => remove(i)}>
                    {t.removeLine}
                  </Button>
                )
              )
            }
          >
            <FormatCard index={i} readOnly={readOnly} />
          </Card>
        );
      })}
      {!readOnly && <Button onClick={() => append(newFormat(typologies, getValues('productType'), defaults))}>{t.addFormat}</Button>}
    </Space>
  );
}
