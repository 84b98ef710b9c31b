// One form for /dashboard/products/add and /dashboard/products/:id: the whole product (general, vintages, formats,
// prices per typology, box contents) saved at once. Every tab is rendered (hidden when not shown) so that the schema
// checks every field; after a failed submit (or an api error naming a field) the first tab holding an error opens.
import { useEffect, useMemo, useState } from 'react';
import { Alert, ConfigProvider, Flex, Tabs } from 'antd';
import { useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import type { ProductAdminDetail, ProductDefaults } from 'shared-kernel/contracts';
import { SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { useCreateProduct, useUpdateProduct } from '../products.queries';
import { useTexts } from '../texts';
import { BoxSection } from './BoxSection';
import { FormatsSection } from './FormatsSection';
import { GeneralSection } from './GeneralSection';
import { PricesSection } from './PricesSection';
import { emptyProduct, productSchema, toFormValues, type ProductFormValues, type TypologyOption } from './product.schema';
import { VintagesSection } from './VintagesSection';

type TabKey = 'general' | 'vintages' | 'formats' | 'prices' | 'box';

/** The tab of the first error: prices and promotions live in 'Prix', the rest of a format in 'Formats'. */
export function tabOfErrors(errors: FieldErrors<ProductFormValues>): TabKey | null {
  const keys = Object.keys(errors);
  if (!keys.length) return null;
  if (errors.formats) {
    const list = errors.formats as unknown as Array<Record<string, unknown> | undefined>;
    const onlyPrices = Array.isArray(list) && list.every((f) => !f || Object.keys(f).every((k) => k === 'prices' || k === 'promotions'));
    if (keys.length === 1) return onlyPrices ? 'prices' : 'formats';
  }
  const general = ['productType', 'name', 'precision', 'description', 'type', 'color', 'gamme', 'labels', 'vatType', 'status', 'visuals'];
  if (keys.some((k) => general.includes(k))) return 'general';
  if (errors.vintages) return 'vintages';
  if (errors.formats) return 'formats';
  return errors.boxItems ? 'box' : null;
}

function TabsWithErrors({ items }: { items: Array<{ key: TabKey; label: string; children: React.ReactNode }> }) {
  const [active, setActive] = useState<TabKey>('general');
  const { errors, submitCount } = useFormState<ProductFormValues>();
  const target = tabOfErrors(errors);
  useEffect(() => {
    if (target) setActive(target);
    // on each submit, and when the api names a field
  }, [submitCount, target]);
  return (
    <Tabs
      activeKey={active}
      onChange={(k) => setActive(k as TabKey)}
      items={items.map((i) => ({
        ...i,
        forceRender: true,
        label: errors[i.key === 'general' ? 'name' : i.key === 'box' ? 'boxItems' : (i.key as 'vintages')] ? `${i.label} •` : i.label,
      }))}
    />
  );
}

export function ProductForm({
  product,
  typologies,
  readOnly = false,
  onCreated,
  defaults = null,
}: {
  product?: ProductAdminDetail;
  typologies: TypologyOption[];
  readOnly?: boolean;
  /** a new product starts from the shop's product defaults (Settings › Produits) */
  defaults?: ProductDefaults | null;
  /** a new product was saved: the page offers the next step (its stock) instead of opening the product */
  onCreated?: (saved: ProductAdminDetail) => void;
}) {
  const t = useTexts();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const defaultValues = useMemo(
    () => (product ? toFormValues(product) : emptyProduct(typologies, defaults)),
    [product, typologies, defaults],
  );
  const form = useZodForm(productSchema, { defaultValues });
  const guard = useUnsavedChangesGuard(!readOnly && form.formState.isDirty);
  const productType = useWatch({ control: form.control, name: 'productType' });
  const usedV = useMemo(() => new Set(product?.vintages.filter((v) => v.used).map((v) => v.id)), [product]);
  const usedF = useMemo(() => new Set(product?.formats.filter((f) => f.used).map((f) => f.id)), [product]);

  return (
    <ZodForm
      form={form}
      aria-label={product ? product.name : t.addTitle}
      onSubmit={async (input) => {
        if (readOnly) return;
        const saved = product ? await update.mutateAsync({ id: product.id, input }) : await create.mutateAsync(input);
        notify.success((saved as { message?: string }).message ?? t.saved);
        guard.allowNavigation();
        if (product) form.reset(toFormValues(saved));
        else if (onCreated) onCreated(saved);
        else navigate(`/dashboard/products/${saved.id}`);
      }}
    >
      {readOnly && <Alert type="info" showIcon message={t.readOnly} style={{ marginBottom: 12 }} />}
      <ConfigProvider componentDisabled={readOnly}>
        <TabsWithErrors
          items={[
            { key: 'general', label: t.tabs.general, children: <GeneralSection readOnly={readOnly} /> },
            { key: 'vintages', label: t.tabs.vintages, children: <VintagesSection readOnly={readOnly} used={usedV} /> },
            {
              key: 'formats',
              label: t.tabs.formats,
              children: <FormatsSection readOnly={readOnly} used={usedF} typologies={typologies} defaults={defaults} />,
            },
            { key: 'prices', label: t.tabs.prices, children: <PricesSection readOnly={readOnly} typologies={typologies} /> },
            {
              key: 'box',
              label: t.tabs.box,
              children: <BoxSection readOnly={readOnly} isBox={productType === 'box'} productId={product?.id} />,
            },
          ]}
        />
      </ConfigProvider>
      {!readOnly && (
        <Flex justify="end" style={{ position: 'sticky', bottom: 0, background: 'var(--ant-color-bg-container, #fff)', padding: '12px 0' }}>
          <SubmitButton />
        </Flex>
      )}
    </ZodForm>
  );
}
