// The step shown right after a product is created: without stock a new product reads « Rupture de stock » in the shop,
// so the owner enters the quantities on hand per format and warehouse, each posted as a stock entry
// (POST /stock/movements, the same route as /dashboard/stocks/add). « Plus tard » goes to the product as before.
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ProductAdminDetail, WarehouseDto } from 'shared-kernel/contracts';
import { formatDisplayName } from 'shared-kernel/domain';
import { FormField, LinkButton, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { MESSAGES } from 'shared-kernel/validation';
import { useAllWarehouses, useRecordMovement } from '../../stocks/stocks.queries';
import { texts as productTexts, useTexts } from '../texts';

const T = productTexts;

export const INITIAL_STOCK_KINDS = ['production', 'purchase'] as const;

export const initialStockSchema = z
  .object({
    kind: z.enum(INITIAL_STOCK_KINDS, { error: MESSAGES.needed }),
    lines: z.array(
      z.object({
        formatId: z.number().int(),
        warehouseId: z.number().int(),
        quantity: z.number({ error: MESSAGES.number }).int(MESSAGES.number).min(0, T.stockQuantityMin).nullable(),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.lines.length && !v.lines.some((l) => (l.quantity ?? 0) > 0))
      ctx.addIssue({ code: 'custom', path: ['lines', 0, 'quantity'], message: T.stockNeedOne });
  });
export type InitialStockValues = z.input<typeof initialStockSchema>;

/** Product types whose own formats hold stock (a box follows its contents, a prestation has none). */
export const holdsStock = (p: Pick<ProductAdminDetail, 'productType'>) => p.productType === 'bottle' || p.productType === 'accessory';

export function InitialStockStep({ product }: { product: ProductAdminDetail }) {
  const t = useTexts();
  const warehouses = useAllWarehouses();
  // the warehouses that feed the web shop first: they are what makes the product available there
  const active = useMemo(
    () => (warehouses.data?.items ?? []).filter((w) => !w.archived).sort((a, b) => Number(b.feedsWebShop) - Number(a.feedsWebShop)),
    [warehouses.data],
  );
  const detail = `/dashboard/products/${product.id}`;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t.stockStep}</h2>}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t.stockStepIntro(product.name)}</Typography.Paragraph>
        {warehouses.isPending && <Spin />}
        {warehouses.isError && <Alert type="warning" showIcon message={t.stockWarehousesError} />}
        {warehouses.isSuccess && !active.length && (
          <Alert
            type="info"
            showIcon
            message={t.stockNoWarehouse}
            action={<LinkButton to="/dashboard/stocks/warehouses">{t.stockCreateWarehouse}</LinkButton>}
          />
        )}
        {!!active.length && !active.some((w) => w.feedsWebShop) && <Alert type="warning" showIcon message={t.stockNoShopWarehouse} />}
        {active.length ? (
          <StockLinesForm product={product} warehouses={active} detail={detail} />
        ) : (
          !warehouses.isPending && (
            <Flex justify="end">
              <LinkButton to={detail}>{t.stockLater}</LinkButton>
            </Flex>
          )
        )}
      </Flex>
    </Card>
  );
}

function StockLinesForm({ product, warehouses, detail }: { product: ProductAdminDetail; warehouses: WarehouseDto[]; detail: string }) {
  const t = useTexts();
  const navigate = useNavigate();
  const record = useRecordMovement();
  const defaultValues: InitialStockValues = {
    kind: 'production',
    lines: product.formats.flatMap((f) => warehouses.map((w) => ({ formatId: f.id, warehouseId: w.id, quantity: null }))),
  };
  const form = useZodForm(initialStockSchema, { defaultValues });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      aria-label={t.stockStep}
      onSubmit={async (values) => {
        const todo = values.lines.map((l, i) => ({ ...l, i })).filter((l) => (l.quantity ?? 0) > 0);
        let done = 0;
        try {
          for (const l of todo) {
            await record.mutateAsync({
              kind: values.kind,
              warehouseId: l.warehouseId,
              formatId: l.formatId,
              quantity: l.quantity!,
              reason: t.stockReason,
            });
            // a retry after a failure must not post this entry twice
            form.setValue(`lines.${l.i}.quantity`, null);
            done += 1;
          }
        } finally {
          if (done) notify.success(t.stockSaved(done));
        }
        guard.allowNavigation();
        navigate(detail);
      }}
    >
      <FormField
        name="kind"
        label={t.stockKind}
        kind="select"
        options={INITIAL_STOCK_KINDS.map((k) => ({ value: k, label: t.stockKinds[k] }))}
        required
      />
      {product.formats.map((f, fi) => (
        <fieldset key={f.id} style={{ border: 0, padding: 0, margin: '0 0 8px', minWidth: 0 }}>
          <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 8 }}>{formatDisplayName(f)}</legend>
          <Flex wrap gap={12}>
            {warehouses.map((w, wi) => (
              <div key={w.id} style={{ flex: '1 1 200px', minWidth: 0 }}>
                <FormField
                  name={`lines.${fi * warehouses.length + wi}.quantity`}
                  label={product.formats.length > 1 ? `${w.name} · ${formatDisplayName(f)}` : w.name}
                  kind="number"
                  min={0}
                  precision={0}
                  help={w.feedsWebShop ? t.stockFeedsShop : t.stockNotInShop}
                />
              </div>
            ))}
          </Flex>
        </fieldset>
      ))}
      <Flex gap={8} justify="end" wrap>
        <LinkButton to={detail} onClick={() => guard.allowNavigation()}>
          {t.stockLater}
        </LinkButton>
        <SubmitButton>{t.stockSave}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}
