import { Col, Row } from 'antd';
import { PRODUCT_TYPES, ADMIN_PRODUCT_STATUSES, VAT_KINDS } from 'shared-kernel/contracts';
import { ACCESSORY_TYPES, COLORS, DRINK_TYPES, LABELS } from 'shared-kernel/domain';
import { FormField } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import type { ProductFormValues } from './product.schema';
import { VisualsField } from './VisualsField';

export function GeneralSection({ readOnly }: { readOnly: boolean }) {
  const t = useTexts();
  const F = FormField<ProductFormValues>;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <F
          name="productType"
          label={t.productType}
          kind="select"
          required
          options={PRODUCT_TYPES.map((p) => ({ value: p, label: t.productTypes[p] }))}
        />
      </Col>
      <Col xs={24} md={12}>
        <F
          name="status"
          label={t.status}
          kind="select"
          required
          options={ADMIN_PRODUCT_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
        />
      </Col>
      <Col xs={24} md={12}>
        <F name="name" label={t.name} required />
      </Col>
      <Col xs={24} md={12}>
        <F name="precision" label={t.precision} />
      </Col>
      <Col xs={24}>
        <F name="description" label={t.description} kind="textarea" maxLength={5000} />
      </Col>
      <Col xs={24} md={8}>
        <F name="type" label={t.type} kind="select" searchable options={[...DRINK_TYPES, ...ACCESSORY_TYPES]} />
      </Col>
      <Col xs={24} md={8}>
        <F name="color" label={t.color} kind="select" options={COLORS} />
      </Col>
      <Col xs={24} md={8}>
        <F name="gamme" label={t.gamme} />
      </Col>
      <Col xs={24} md={16}>
        <F name="labels" label={t.labels} kind="select" multiple options={LABELS} />
      </Col>
      <Col xs={24} md={8}>
        <F name="vatType" label={t.vatType} kind="select" required options={VAT_KINDS.map((v) => ({ value: v, label: t.vatTypes[v] }))} />
      </Col>
      <Col xs={24}>
        <F
          name="visuals"
          label={t.productVisuals}
          render={(field) => (
            <VisualsField label={t.productVisuals} value={field.value as string[]} onChange={field.onChange} readOnly={readOnly} />
          )}
        />
      </Col>
    </Row>
  );
}
