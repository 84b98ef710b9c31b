import { Alert, Button, Col, Row, Space } from 'antd';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FormField } from 'shared-kernel/kit';
import { useFormatOptions } from '../products.queries';
import { useTexts } from '../texts';
import type { ProductFormValues } from './product.schema';

const F = FormField<ProductFormValues>;

/** A box lists the formats (of the shop's other products) and the quantities it holds; its stock follows its parts. */
export function BoxSection({ readOnly, isBox, productId }: { readOnly: boolean; isBox: boolean; productId?: number }) {
  const t = useTexts();
  const { control } = useFormContext<ProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'boxItems', keyName: 'key' });
  const options = useFormatOptions(isBox);
  if (!isBox) return <Alert type="info" showIcon message={t.notABox} />;
  const choices = (options.data ?? []).filter((o) => o.productId !== productId).map((o) => ({ value: o.formatId, label: o.label }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon message={t.boxHint} />
      {fields.map((x, i) => (
        <Row gutter={8} key={x.key} align="bottom">
          <Col xs={24} md={14}>
            <F name={`boxItems.${i}.formatId`} label={t.boxFormat} kind="select" searchable required options={choices} />
          </Col>
          <Col xs={16} md={6}>
            <F name={`boxItems.${i}.quantity`} label={t.quantity} kind="number" min={1} precision={0} required />
          </Col>
          <Col xs={8} md={4}>
            {!readOnly && (
              <Button danger size="small" onClick={() => remove(i)} style={{ marginBottom: 24 }}>
                {t.removeLine}
              </Button>
            )}
          </Col>
        </Row>
      ))}
      {!readOnly && <Button onClick={() => append({ formatId: null as unknown as number, quantity: 1 })}>{t.addBoxItem}</Button>}
    </Space>
  );
}
