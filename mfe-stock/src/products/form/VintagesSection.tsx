import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { kcalFromKj, kjFromKcal } from 'shared-kernel/contracts';
import { EXCISE_CODES, EXCISE_DUTY_TYPES } from 'shared-kernel/domain';
import { FormField } from 'shared-kernel/kit';
import { NumberInput } from 'shared-kernel/ui';
import { useTexts } from '../texts';
import { TagsInput } from './inputs';
import { newVintage, type ProductFormValues } from './product.schema';

const F = FormField<ProductFormValues>;
const NUTRIENTS = ['fat', 'saturatedFat', 'carbohydrates', 'sugars', 'proteins', 'salt'] as const;

/** §3 nutrition declaration: the energy typed once, in kcal or kJ; the other unit follows (1 kcal = 4.184 kJ). */
function Nutrition({ index, readOnly }: { index: number; readOnly: boolean }) {
  const t = useTexts();
  const { setValue } = useFormContext<ProductFormValues>();
  const base = `vintages.${index}.nutrition` as const;
  const nutrition = useWatch<ProductFormValues, typeof base>({ name: base });
  if (!nutrition)
    return readOnly ? null : (
      <Button onClick={() => setValue(base, { allergens: [], energyKcal: null, energyKj: null }, { shouldDirty: true })}>
        {t.addNutrition}
      </Button>
    );
  const energy = (unit: 'energyKcal' | 'energyKj') => (
    <F
      name={`${base}.${unit}`}
      label={unit === 'energyKcal' ? t.energyKcal : t.energyKj}
      render={(field, a11y) => (
        <NumberInput
          {...a11y}
          value={(field.value as number | null | undefined) ?? null}
          min={0}
          precision={0}
          style={{ width: '100%' }}
          onBlur={field.onBlur}
          onChange={(v) => {
            const n = v == null || v === '' ? null : Number(v);
            field.onChange(n);
            const other = unit === 'energyKcal' ? 'energyKj' : 'energyKcal';
            setValue(`${base}.${other}`, n == null ? null : unit === 'energyKcal' ? kjFromKcal(n) : kcalFromKj(n), { shouldDirty: true });
          }}
        />
      )}
    />
  );
  return (
    <fieldset style={{ border: '1px solid #eee', borderRadius: 8, padding: 12, marginBottom: 12 }}>
      <legend style={{ fontSize: 14, padding: '0 4px' }}>{t.nutrition}</legend>
      <Typography.Paragraph type="secondary">{t.energyHint}</Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={12} md={6}>
          {energy('energyKcal')}
        </Col>
        <Col xs={12} md={6}>
          {energy('energyKj')}
        </Col>
        {NUTRIENTS.map((n) => (
          <Col xs={12} md={6} key={n}>
            <F name={`${base}.${n}`} label={t[n]} kind="number" min={0} step={0.1} />
          </Col>
        ))}
        <Col xs={24} md={12}>
          <F
            name={`${base}.allergens`}
            label={t.allergens}
            render={(field, a11y) => (
              <TagsInput a11y={a11y} value={field.value as string[]} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </Col>
        <Col xs={24} md={12}>
          <F name={`${base}.ingredients`} label={t.ingredients} kind="textarea" rows={2} />
        </Col>
      </Row>
      {!readOnly && (
        <Button size="small" onClick={() => setValue(base, null, { shouldDirty: true })}>
          {t.removeNutrition}
        </Button>
      )}
    </fieldset>
  );
}

export function VintagesSection({ readOnly, used }: { readOnly: boolean; used: Set<number> }) {
  const t = useTexts();
  const { control } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'vintages', keyName: 'key' });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {!fields.length && <Empty description={t.vintages} />}
      {fields.map((f, i) => {
        const id = (f as { id?: number }).id;
        return (
          <Card
            key={f.key}
            size="small"
            title={`${t.vintage} ${i + 1}`}
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
            <Row gutter={12}>
              <Col xs={24} md={8}>
                <F name={`vintages.${i}.name`} label={t.vintageName} required />
              </Col>
              <Col xs={12} md={8}>
                <F name={`vintages.${i}.alcohol`} label={t.alcohol} kind="number" suffix="% vol." step={0.5} />
              </Col>
              <Col xs={12} md={8}>
                <F name={`vintages.${i}.lot`} label={t.lot} />
              </Col>
              <Col xs={24} md={8}>
                <F name={`vintages.${i}.legal.code`} label={t.exciseCode} kind="select" options={EXCISE_CODES} />
              </Col>
              <Col xs={24} md={8}>
                <F
                  name={`vintages.${i}.legal.dutyType`}
                  label={t.dutyType}
                  kind="select"
                  options={EXCISE_DUTY_TYPES.filter((d) => d.value !== 'NULL')}
                  placeholder={t.dutyNone}
                />
              </Col>
              <Col xs={24} md={8}>
                <F name={`vintages.${i}.legal.customTaxName`} label={t.customTaxName} />
              </Col>
              <Col xs={12} md={8}>
                <F name={`vintages.${i}.legal.customTaxAmountPerHL`} label={t.customTaxAmount} kind="number" suffix="€/hl" min={0} />
              </Col>
              <Col xs={24} md={16}>
                <F
                  name={`vintages.${i}.legal.customTaxFamilies`}
                  label={t.customTaxFamilies}
                  render={(field, a11y) => (
                    <TagsInput a11y={a11y} value={field.value as string[]} onChange={field.onChange} onBlur={field.onBlur} />
                  )}
                />
              </Col>
            </Row>
            <Nutrition index={i} readOnly={readOnly} />
          </Card>
        );
      })}
      {!readOnly && <Button onClick={() => append(newVintage())}>{t.addVintage}</Button>}
    </Space>
  );
}
