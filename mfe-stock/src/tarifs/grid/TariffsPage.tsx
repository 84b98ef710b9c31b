// /dashboard/tarifs: one grid of every format × typology with editable prices (HT or TTC as the typology says), filters
// by range and type, a percentage change on a selection or on the filter, CSV/XLSX export and import, price-list PDFs.
import { useMemo, useState } from 'react';
import { Alert, Button, Select, Space, Tag, Typography } from 'antd';
import type { TariffRow, TariffTypology } from 'shared-kernel/contracts';
import { DRINK_TYPES, ACCESSORY_TYPES, PRODUCT_KINDS, refLabel, toCents } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState, withQueryScope, type ColumnsFor, useAction } from 'shared-kernel/kit';
import { useSession } from 'shared-kernel/runtime';
import { NumberInput } from 'shared-kernel/ui';
import { downloadFile, filterOf, useSavePrices, useTariffGrid } from '../tariffs.queries';
import { useTexts } from '../texts';
import { tariffsList } from './filters';
import { IncreaseDialog, type IncreaseScope } from './IncreaseDialog';
import { ImportDialog } from './ImportDialog';

const cellKey = (formatId: number, typology: string) => `${formatId}:${typology}`;
const typeLabel = (v: string) => refLabel<string>([...DRINK_TYPES, ...ACCESSORY_TYPES], v);

/** §6: changing prices needs createProduct (owners have every permission; no authorizations object = all allowed). */
function useCanWrite(): boolean {
  const user = useSession((s) => s.user);
  if (!user) return false;
  if (user.role === 'owner') return true;
  const auth = user.shops?.[0]?.authorizations as Record<string, boolean> | null | undefined;
  return user.role === 'iam' && (auth == null || auth.createProduct === true);
}

export default withQueryScope(function TariffsPage() {
  const t = useTexts();
  const list = useUrlListState(tariffsList);
  const query = useTariffGrid(list.apiQuery);
  const save = useSavePrices();
  const canWrite = useCanWrite();
  const [edits, setEdits] = useState<Map<string, { formatId: number; typology: string; priceCents: number }>>(new Map());
  const [increase, setIncrease] = useState<IncreaseScope | null>(null);
  const [importing, setImporting] = useState(false);
  const [pdfTypology, setPdfTypology] = useState<string | undefined>();
  const typologies: TariffTypology[] = useMemo(() => query.data?.typologies ?? [], [query.data]);
  const facets = query.data?.facets;

  const columns = useMemo(() => {
    const fixed: ColumnsFor<TariffRow, typeof tariffsList> = [
      {
        key: 'product',
        title: t.product,
        dataIndex: 'productName',
        sortKey: 'product',
        cardTitle: true,
        render: (name: string, r) => (
          <span>
            <strong>{name}</strong>
            {r.vintage ? ` ${r.vintage}` : ''}
          </span>
        ),
      },
      { key: 'format', title: t.format, dataIndex: 'formatLabel' },
      { key: 'gamme', title: t.gamme, dataIndex: 'gamme', sortKey: 'gamme', render: (g: string | null) => g ?? '' },
      { key: 'type', title: t.type, dataIndex: 'type', hideOnCard: true, render: (v: string | null) => (v ? typeLabel(v) : '') },
    ];
    const prices: ColumnsFor<TariffRow, typeof tariffsList> = typologies.map((ty) => ({
      key: `price-${ty.id}`,
      title: t.column(ty.name, ty.ttc),
      csv: false as const,
      width: 150,
      render: (_: unknown, r: TariffRow) => {
        const cell = r.prices[ty.id];
        const edit = edits.get(cellKey(r.formatId, ty.id));
        const cents = edit?.priceCents ?? cell?.priceCents;
        return (
          <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} style={{ display: 'grid', gap: 2 }}>
            <NumberInput
              aria-label={t.cellLabel(t.column(ty.name, ty.ttc), [r.productName, r.vintage, r.formatLabel].filter(Boolean).join(' '))}
              value={cents === undefined ? null : cents / 100}
              min={0}
              precision={2}
              step={0.1}
              suffix="€"
              placeholder={t.noPrice}
              disabled={!canWrite}
              status={edit ? 'warning' : undefined}
              style={{ width: '100%' }}
              onChange={(v) => {
                setEdits((prev) => {
                  const next = new Map(prev);
                  const key = cellKey(r.formatId, ty.id);
                  const n = typeof v === 'number' ? v : v === null ? null : Number(v);
                  if (n === null || !Number.isFinite(n) || n < 0 || toCents(n) === cell?.priceCents) next.delete(key);
                  else next.set(key, { formatId: r.formatId, typology: ty.id, priceCents: toCents(n) });
                  return next;
                });
              }}
            />
            {cell && !cell.visible && <Tag style={{ width: 'fit-content' }}>{t.hidden}</Tag>}
          </div>
        );
      },
    }));
    return [...fixed, ...prices];
  }, [t, typologies, edits, canWrite]);

  const exporting = useAction({
    run: (format: 'csv' | 'xlsx') => downloadFile('/tariffs/export', { format, ...filterOf(list.apiQuery) }, `tarifs.${format}`),
    errorFallback: t.downloadFailed,
  });
  const download = (format: 'csv' | 'xlsx') => void exporting.run(format);
  const priceList = useAction({
    run: (typology: string) => downloadFile('/tariffs/price-list.pdf', { typology }, `tarifs-${typology}.pdf`),
    errorFallback: t.downloadFailed,
  });
  const pdf = () => {
    const typology = pdfTypology ?? typologies[0]?.id;
    if (!typology) return;
    void priceList.run(typology);
  };
  const saving = useAction({ run: () => save.mutateAsync([...edits.values()]), success: t.saved, onDone: () => setEdits(new Map()) });
  const saveAll = () => void saving.run();

  const select = (key: 'gamme' | 'type' | 'productType', placeholder: string, values: string[], label: (v: string) => string) => (
    <Select
      aria-label={placeholder}
      allowClear
      placeholder={placeholder}
      style={{ minWidth: 170 }}
      value={list.state.filters[key] ?? undefined}
      options={values.map((v) => ({ value: v, label: label(v) }))}
      onChange={(v?: string) => list.setFilter(key, v || undefined)}
    />
  );

  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <Space wrap>
        {select('gamme', t.allGammes, facets?.gammes ?? [], (v) => v)}
        {select('productType', t.allProductTypes, facets?.productTypes ?? [], (v) => refLabel<string>(PRODUCT_KINDS, v))}
        {select('type', t.allTypes, facets?.types ?? [], typeLabel)}
        <Button onClick={() => download('csv')}>{t.exportCsv}</Button>
        <Button onClick={() => download('xlsx')}>{t.exportXlsx}</Button>
        {canWrite && <Button onClick={() => setImporting(true)}>{t.importFile}</Button>}
        {canWrite && <Button onClick={() => setIncrease({ kind: 'filter', filter: filterOf(list.apiQuery) })}>{t.increase}</Button>}
        <Space.Compact>
          <Select
            aria-label={t.priceListTypology}
            style={{ minWidth: 150 }}
            value={pdfTypology ?? typologies[0]?.id}
            options={typologies.map((ty) => ({ value: ty.id, label: ty.name }))}
            onChange={setPdfTypology}
          />
          <Button onClick={pdf} disabled={!typologies.length}>
            {t.priceList}
          </Button>
        </Space.Compact>
      </Space>
      {edits.size > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t.changed(edits.size)}
          action={
            <Space>
              <Button onClick={() => setEdits(new Map())}>{t.cancel}</Button>
              <Button type="primary" loading={saving.pending} onClick={saveAll}>
                {t.save}
              </Button>
            </Space>
          }
        />
      )}
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.list}
        rowKey="formatId"
        search
        scrollX={600 + typologies.length * 150}
        selection={
          canWrite
            ? {
                actions: (rows, clear) => (
                  <Button onClick={() => setIncrease({ kind: 'selection', formatIds: rows.map((r) => r.formatId), clear })}>
                    {t.increaseSelection}
                  </Button>
                ),
              }
            : undefined
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total, searchLabel: t.searchLabel }}
      />
      <Typography.Text type="secondary">{typologies.map((ty) => `${ty.name} : prix ${ty.ttc ? t.ttc : t.ht}`).join(' · ')}</Typography.Text>
      {increase && <IncreaseDialog scope={increase} typologies={typologies} onClose={() => setIncrease(null)} />}
      {importing && <ImportDialog typologies={typologies} onClose={() => setImporting(false)} />}
    </section>
  );
});
