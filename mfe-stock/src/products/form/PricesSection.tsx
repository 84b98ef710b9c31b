import { Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PROMOTION_ACTIVATIONS } from 'shared-kernel/contracts';
import { FormField } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { formatTitle } from './FormatsSection';
import { EuroInput } from './inputs';
import type { ProductFormValues, TypologyOption } from './product.schema';

const F = FormField<ProductFormValues>;

/** Quantity tiers of one price: from N units, a unit price (discountPrice) and/or units offered (discountAdd). */
function Tiers({ f, p, readOnly }: { f: number; p: number; readOnly: boolean }) {
  const t = useTexts();
  const { control } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `formats.${f}.prices.${p}.tiers`, keyName: 'key' });
  const base = `formats.${f}.prices.${p}.tiers` as const;
  return (
    <div>
      <Typography.Text strong>{t.tiers}</Typography.Text>
      {fields.map((x, k) => (
        <Row gutter={8} key={x.key} align="bottom">
          <Col xs={8}>
            <F name={`${base}.${k}.quantity`} label={t.tierQuantity} kind="number" min={2} precision={0} />
          </Col>
          <Col xs={8}>
            <F
              name={`${base}.${k}.priceCents`}
              label={t.tierPrice}
              render={(field, a11y) => (
                <EuroInput a11y={a11y} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} />
              )}
            />
          </Col>
          <Col xs={5}>
            <F name={`${base}.${k}.add`} label={t.tierAdd} kind="number" min={1} precision={0} />
          </Col>
          <Col xs={3}>
            {!readOnly && (
              <Button size="small" danger onClick={() => remove(k)} style={{ marginBottom: 24 }}>
                {t.removeLine}
              </Button>
            )}
          </Col>
        </Row>
      ))}
      {!readOnly && (
        <Button size="small" onClick={() => append({ quantity: null as unknown as number, priceCents: null, add: null })}>
          {t.addTier}
        </Button>
      )}
    </div>
  );
}

/** Promotions of a format: % or €, triggered always or from a quantity / an amount (of the product or of the order). */
function Promotions({ f, readOnly }: { f: number; readOnly: boolean }) {
  const t = useTexts();
  const { control } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `formats.${f}.promotions`, keyName: 'key' });
  const promos = useWatch<ProductFormValues, `formats.${number}.promotions`>({ name: `formats.${f}.promotions` });
  return (
    <div>
      <Typography.Title level={5}>{t.promotions}</Typography.Title>
      {fields.map((x, k) => {
        const base = `formats.${f}.promotions.${k}` as const;
        const p = promos?.[k];
        const moneyThreshold = p?.activation === 'minPrice' || p?.activation === 'minPriceOrder';
        return (
          <Row gutter={8} key={x.key} align="bottom">
            <Col xs={24} md={6}>
              <F name={`${base}.name`} label={t.promoName} required />
            </Col>
            <Col xs={8} md={3}>
              <F
                name={`${base}.type`}
                label={t.promoType}
                kind="select"
                options={[
                  { value: '%', label: '%' },
                  { value: '€', label: '€' },
                ]}
              />
            </Col>
            <Col xs={16} md={4}>
              {p?.type === '€' ? (
                <F
                  name={`${base}.amount`}
                  label={t.promoAmount}
                  render={(field, a11y) => (
                    <EuroInput a11y={a11y} value={field.value as number} onChange={field.onChange} onBlur={field.onBlur} />
                  )}
                />
              ) : (
                <F name={`${base}.amount`} label={t.promoAmount} kind="number" min={1} max={100} precision={0} suffix="%" />
              )}
            </Col>
            <Col xs={24} md={6}>
              <F
                name={`${base}.activation`}
                label={t.activation}
                kind="select"
                options={PROMOTION_ACTIVATIONS.map((a) => ({ value: a, label: t.activations[a] }))}
              />
            </Col>
            <Col xs={16} md={3}>
              {p?.activation !== 'always' &&
                (moneyThreshold ? (
                  <F
                    name={`${base}.threshold`}
                    label={t.threshold}
                    render={(field, a11y) => (
                      <EuroInput a11y={a11y} value={field.value as number | null} onChange={field.onChange} onBlur={field.onBlur} />
                    )}
                  />
                ) : (
                  <F name={`${base}.threshold`} label={t.threshold} kind="number" min={1} precision={0} />
                ))}
            </Col>
            <Col xs={8} md={2}>
              {!readOnly && (
                <Button size="small" danger onClick={() => remove(k)} style={{ marginBottom: 24 }}>
                  {t.removeLine}
                </Button>
              )}
            </Col>
          </Row>
        );
      })}
      {!readOnly && (
        <Button
          size="small"
          onClick={() =>
            append({ name: '', type: '%', amount: null as unknown as number, activation: 'always', threshold: null, active: true })
          }
        >
          {t.addPromotion}
        </Button>
      )}
    </div>
  );
}

export function PricesSection({ readOnly, typologies }: { readOnly: boolean; typologies: TypologyOption[] }) {
  const t = useTexts();
  const formats = useWatch<ProductFormValues, 'formats'>({ name: 'formats' }) ?? [];
  if (!formats.length) return <Empty description={t.noFormat} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {formats.map((fmt, i) => (
        <Card key={i} size="small" title={t.formatTitle(i, formatTitle(fmt))}>
          {(fmt.prices ?? []).map((price, p) => {
            const typ = typologies.find((x) => x.id === price.typology);
            const ttc = typ?.ttc !== false;
            return (
              <fieldset key={price.typology} style={{ border: '1px solid #eee', borderRadius: 8, padding: 12, marginBottom: 12 }}>
                <legend style={{ fontSize: 14, padding: '0 4px' }}>{typ?.name ?? price.typology}</legend>
                <Row gutter={12}>
                  <Col xs={12} md={6}>
                    <F name={`formats.${i}.prices.${p}.visible`} label={t.visible} kind="switch" />
                  </Col>
                  <Col xs={12} md={6}>
                    <F
                      name={`formats.${i}.prices.${p}.priceCents`}
                      label={`${ttc ? t.priceTtc : t.priceHt} – ${typ?.name ?? price.typology}`}
                      required
                      render={(field, a11y) => (
                        <EuroInput
                          a11y={a11y}
                          value={field.value as number | null}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          suffix={ttc ? '€ TTC' : '€ HT'}
                        />
                      )}
                    />
                  </Col>
                  <Col xs={24} md={12}>
                    <Tiers f={i} p={p} readOnly={readOnly} />
                  </Col>
                </Row>
              </fieldset>
            );
          })}
          <Promotions f={i} readOnly={readOnly} />
        </Card>
      ))}
    </Space>
  );
}
