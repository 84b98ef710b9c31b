// /dashboard/products: the shop's catalogue on the kit (search, filters above the table, server sort and pages, CSV).
// Owners and iam with createProduct select rows to change their status in bulk and see 'Nouveau produit'; agents
// (and iam without createProduct) read the same list without any write control.
import { useState } from 'react';
import { Button, Flex, Input, Select, Space, Typography } from 'antd';
import { ADMIN_PRODUCT_STATUSES, PRODUCT_TYPES, type AdminProductStatus, type ProductAdminRow } from 'shared-kernel/contracts';
import { ACCESSORY_TYPES, COLORS, DRINK_TYPES, LABELS } from 'shared-kernel/domain';
import { LinkButton, ResourceTable, useUrlListState, withQueryScope, useAction } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { useCanEditProducts } from '../permissions';
import { fetchProducts, useBulkStatus, useProducts } from '../products.queries';
import { useTexts } from '../texts';
import { productColumns } from './columns';
import { productsList } from './filters';

function BulkStatus({ rows, clear }: { rows: ProductAdminRow[]; clear: () => void }) {
  const t = useTexts();
  const bulk = useBulkStatus();
  const [status, setStatus] = useState<AdminProductStatus>();
  const changing = useAction({
    run: (to: AdminProductStatus) => bulk.mutateAsync({ ids: rows.map((r) => r.id), status: to }),
    success: (res) => res.message,
    onDone: clear,
  });
  return (
    <Space wrap>
      <Select<AdminProductStatus>
        aria-label={t.changeStatus}
        placeholder={t.changeStatus}
        style={{ minWidth: 200 }}
        value={status}
        onChange={setStatus}
        options={ADMIN_PRODUCT_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
      />
      <Button type="primary" disabled={!status} loading={changing.pending} onClick={() => status && void changing.run(status)}>
        {status ? t.statusTo(t.statuses[status]) : t.changeStatus}
      </Button>
    </Space>
  );
}

/** A free-text filter applied on Enter or when left (not on every key: one request per value). */
function TextFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const [draft, setDraft] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value ?? '');
  }
  const apply = () => onChange(draft.trim() || undefined);
  return (
    <Input
      aria-label={label}
      placeholder={label}
      allowClear
      value={draft}
      style={{ width: 140 }}
      onChange={(e) => {
        setDraft(e.target.value);
        if (!e.target.value) onChange(undefined);
      }}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
}

export default withQueryScope(function ProductsListPage() {
  const t = useTexts();
  const canEdit = useCanEditProducts();
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(productsList);
  const query = useProducts(list.apiQuery);
  const f = list.state.filters;
  const select = (key: 'type' | 'color' | 'label', label: string, options: ReadonlyArray<{ value: string; label: string }>) => (
    <Select<string>
      aria-label={label}
      placeholder={label}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 150 }}
      value={f[key]}
      onChange={(v) => list.setFilter(key, v ?? undefined)}
      options={options as Array<{ value: string; label: string }>}
    />
  );

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      <Flex wrap gap={8} role="group" aria-label="Filtres">
        <Select
          mode="multiple"
          aria-label={t.productType}
          placeholder={t.productType}
          style={{ minWidth: 170 }}
          value={f.productType ?? []}
          onChange={(v) => list.setFilter('productType', v.length ? v : undefined)}
          options={PRODUCT_TYPES.map((p) => ({ value: p, label: t.productTypes[p] }))}
        />
        {select('type', t.type, [...DRINK_TYPES, ...ACCESSORY_TYPES])}
        {select('color', t.color, COLORS)}
        <TextFilter label={t.gamme} value={f.gamme} onChange={(v) => list.setFilter('gamme', v)} />
        <TextFilter label={t.vintage} value={f.vintage} onChange={(v) => list.setFilter('vintage', v)} />
        <Select
          mode="multiple"
          aria-label={t.status}
          placeholder={t.status}
          style={{ minWidth: 170 }}
          value={f.status ?? []}
          onChange={(v) => list.setFilter('status', v.length ? v : undefined)}
          options={ADMIN_PRODUCT_STATUSES.map((s) => ({ value: s, label: t.statuses[s] }))}
        />
        {select('label', t.label, LABELS)}
        <Select
          aria-label={t.archivedFilter}
          style={{ minWidth: 150 }}
          value={f.archived ?? ''}
          onChange={(v) => list.setFilter('archived', v === 'true' ? 'true' : undefined)}
          options={[
            { value: '', label: 'Produits actifs' },
            { value: 'true', label: t.archivedFilter },
          ]}
        />
      </Flex>
      <ResourceTable
        list={list}
        query={query}
        columns={productColumns}
        label={t.list}
        rowHref={(p) => `/dashboard/products/${p.id}`}
        search
        exportCsv={{ filename: t.csvFilename, fetchPage: fetchProducts }}
        selection={canEdit ? { actions: (rows, clear) => <BulkStatus rows={rows} clear={clear} /> } : undefined}
        toolbar={
          canEdit ? (
            <LinkButton type="primary" to="/dashboard/products/add">
              {t.add}
            </LinkButton>
          ) : undefined
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </Flex>
  );
});
