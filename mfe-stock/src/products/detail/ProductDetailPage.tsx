// /dashboard/products/:id: the product on DetailLayout. Owners and iam with createProduct edit it in place (the whole
// product, one save), duplicate, archive/unarchive, delete it while nobody ordered it, change its status; the side
// shows the margin per format (default typology's price HT vs the known cost). Agents see everything read-only.
import { Button, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { AdminProductStatus, ProductAdminDetail } from 'shared-kernel/contracts';
import { formatCents, vatRateOf } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, QueryBoundary, useIdParam, withQueryScope, useAction } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { formatTitle } from '../form/FormatsSection';
import { ProductForm } from '../form/ProductForm';
import { useCanEditProducts } from '../permissions';
import { useArchiveProduct, useBulkStatus, useDeleteProduct, useDuplicateProduct, useProduct } from '../products.queries';
import { useTexts } from '../texts';

/** Margin of each format with a known cost: default typology's price (HT, VAT removed when the typology is TTC) − cost. */
export function marginsOf(
  p: ProductAdminDetail,
): Array<{ formatId: number; label: string; priceHt: number; cost: number; margin: number; rate: number }> {
  const typ = p.typologies.find((x) => x.public) ?? p.typologies[0];
  if (!typ) return [];
  const vat = vatRateOf(p.vatType);
  return p.formats.flatMap((f) => {
    const price = f.prices.find((x) => x.typology === typ.id);
    if (f.costCents == null || !price) return [];
    const priceHt = typ.ttc ? Math.round((price.priceCents * 100) / (100 + vat)) : price.priceCents;
    const margin = priceHt - f.costCents;
    return [{ formatId: f.id, label: formatTitle(f), priceHt, cost: f.costCents, margin, rate: priceHt ? margin / priceHt : 0 }];
  });
}

function Actions({ p }: { p: ProductAdminDetail }) {
  const t = useTexts();
  const navigate = useNavigate();
  const duplicate = useDuplicateProduct();
  const archive = useArchiveProduct();
  const remove = useDeleteProduct();
  const status = useBulkStatus();
  const statusChange = useAction({
    run: (s: AdminProductStatus) => status.mutateAsync({ ids: [p.id], status: s }),
    success: (r) => r.message,
  });
  const duplicating = useAction({
    run: () => duplicate.mutateAsync(p.id),
    success: (r) => r.message,
    onDone: (r) => navigate(`/dashboard/products/${r.id}`),
  });
  const archiving = useAction({ run: () => archive.mutateAsync({ id: p.id, archived: !p.archived }), success: (r) => r.message });
  const removing = useAction({
    run: () => remove.mutateAsync(p.id),
    success: (r) => (r as { message?: string })?.message ?? t.remove,
    onDone: () => navigate('/dashboard/products'),
  });
  return (
    <Space wrap>
      <Select<AdminProductStatus>
        aria-label={t.status}
        value={p.status as AdminProductStatus}
        style={{ minWidth: 160 }}
        loading={statusChange.pending}
        onChange={(s) => void statusChange.run(s)}
        options={(['online', 'paused', 'outofstock', 'closed'] as const).map((s) => ({ value: s, label: t.statuses[s] }))}
      />
      <Button loading={duplicating.pending} onClick={() => void duplicating.run()}>
        {t.duplicate}
      </Button>
      <Button loading={archiving.pending} onClick={() => void archiving.run()}>
        {p.archived ? t.unarchive : t.archive}
      </Button>
      {!p.hasOrders && (
        // the popover closes on Ok; the button then spins while the product is deleted
        <Popconfirm title={t.removeConfirm} okText={t.remove} cancelText={t.cancel} onConfirm={() => void removing.run()}>
          <Button danger loading={removing.pending}>
            {t.remove}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

export default withQueryScope(function ProductDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useProduct(id);
  const canEdit = useCanEditProducts();
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: '/dashboard/products', backLabel: t.back, title: t.notFound }}>
      {(p) => {
        const margins = marginsOf(p);
        return (
          <DetailLayout
            title={p.name}
            backTo="/dashboard/products"
            backLabel={t.back}
            meta={
              <Space wrap>
                <Tag>{t.productTypes[p.productType]}</Tag>
                <Tag color={p.status === 'online' ? 'green' : undefined}>{t.statuses[p.status] ?? p.status}</Tag>
                {p.archived && <Tag color="orange">{t.archived}</Tag>}
              </Space>
            }
            actions={canEdit ? <Actions p={p} /> : undefined}
            side={
              <>
                <DetailSection title={t.margin}>
                  {margins.length ? (
                    <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="margins">
                      {margins.map((m) => (
                        <li key={m.formatId}>
                          {m.label} : {formatCents(m.margin)} HT ({Math.round(m.rate * 1000) / 10} %) · {t.cost} {formatCents(m.cost)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Typography.Text type="secondary">{t.noCost}</Typography.Text>
                  )}
                </DetailSection>
                {p.hasOrders && canEdit && (
                  <DetailSection title={t.archive}>
                    <Typography.Text>{t.archiveHint}</Typography.Text>
                  </DetailSection>
                )}
              </>
            }
          >
            <ProductForm key={`${p.id}-${p.updatedAt}`} product={p} typologies={p.typologies} readOnly={!canEdit} />
          </DetailLayout>
        );
      }}
    </QueryBoundary>
  );
});
