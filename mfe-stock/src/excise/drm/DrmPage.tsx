// /dashboard/stocks/drm: the monthly summary declaration (DRM) of a bonded warehouse: per excise category the opening
// stock, entries, exits with and without duty, closing stock (hl) and the duties due; check, validate (locks the
// month for good), CSV and PDF exports; the months of the warehouse with their status.
import { Alert, Button, Card, Empty, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  DRM_ENTRY_LINES,
  DRM_FREE_LINES,
  DRM_LINE_LABELS,
  DRM_PAID_LINES,
  formatHl,
  type DrmCategory,
  type DrmDeclaration,
  type DrmFigures,
  type DrmLine,
} from 'shared-kernel/contracts';
import { formatCents, formatDateTime } from 'shared-kernel/domain';
import { errorMessage, LinkButton, withQueryScope, useAction } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { DatePicker } from 'shared-kernel/ui';
import { confirmPopup, notify, useLayoutMode } from 'shared-kernel/runtime';
import { useCanWriteStock } from '../permissions';
import { downloadFile, useBondedWarehouses, useDrm, useDrmDetail, useDrmMonths, useValidateDrm } from '../excise.queries';
import { useTexts } from '../texts';

const MONTHS_FR = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
export const monthLabel = (m: string) => `${MONTHS_FR[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

/** The last complete month in the Europe/Paris calendar (the month a DRM is filed for). */
export function lastCompleteMonth(now: Date = new Date()): string {
  const ym = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
  const [y, m] = ym.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

function categoryTitle(c: DrmCategory, sansCode: string): string {
  return [c.exciseCode ?? sansCode, c.productType, c.color, c.label, c.appellation].filter(Boolean).join(' · ');
}

type Row = DrmFigures & { key: string; title: string; category?: DrmCategory };

/** The movements counted in a category (GET /excise/drm?detail=true): the figures are reproducible from them. */
function MovementsDetail({ decl, categoryKey }: { decl: DrmDeclaration; categoryKey: string }) {
  const t = useTexts().drm;
  const detail = useDrmDetail(decl.warehouse.id, decl.month, true);
  if (detail.isError) return <Typography.Text type="danger">{errorMessage(detail.error)}</Typography.Text>;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const rows = detail.data.categories.find((c) => c.key === categoryKey)?.detail ?? [];
  return (
    <Table
      size="small"
      aria-label={t.detailTitle}
      rowKey="id"
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      dataSource={rows}
      columns={[
        { key: 'id', title: 'N°', dataIndex: 'id' },
        { key: 'date', title: 'Date', dataIndex: 'occurredAt', render: (d: string) => formatDateTime(d) },
        { key: 'line', title: 'Ligne', dataIndex: 'line', render: (l: DrmLine) => DRM_LINE_LABELS[l] },
        { key: 'quantity', title: 'Quantité', dataIndex: 'quantity', align: 'right' },
        { key: 'unit', title: 'Unité (cl)', dataIndex: 'unitCl', align: 'right' },
        { key: 'volume', title: 'Volume (hl)', dataIndex: 'volumeCl', align: 'right', render: (cl: number) => formatHl(cl) },
      ]}
    />
  );
}

/** The non-zero lines of a category (the expanded row / card body). */
function LinesDetail({ f }: { f: DrmFigures }) {
  const items = [
    ...DRM_ENTRY_LINES.filter((k) => f.entries[k]).map((k) => ({ k, label: `${DRM_LINE_LABELS[k]} (entrée)`, cl: f.entries[k] })),
    ...DRM_PAID_LINES.filter((k) => f.exitsPaid[k]).map((k) => ({
      k,
      label: `${DRM_LINE_LABELS[k]} (droits acquittés)`,
      cl: f.exitsPaid[k],
    })),
    ...DRM_FREE_LINES.filter((k) => f.exitsFree[k]).map((k) => ({ k, label: `${DRM_LINE_LABELS[k]} (sans droits)`, cl: f.exitsFree[k] })),
  ];
  if (!items.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {items.map((i) => (
        <li key={i.k}>
          {i.label} : {formatHl(i.cl)} hl
        </li>
      ))}
    </ul>
  );
}

function DeclarationTable({ decl }: { decl: DrmDeclaration }) {
  const t = useTexts().drm;
  const mobile = useLayoutMode() === 'mobile';
  const rows: Row[] = decl.categories.map((c) => ({ ...c, title: categoryTitle(c, t.sansCode), category: c }));
  if (!rows.length) return <Empty description={t.empty} />;
  const hl = (cl: number) => formatHl(cl);
  if (mobile)
    return (
      <div style={{ display: 'grid', gap: 12 }}>
        {[...rows, { ...decl.totals, key: 'total', title: t.total }].map((r) => (
          <Card key={r.key} size="small" title={r.title}>
            <div>
              {t.opening} : {hl(r.openingCl)} hl
            </div>
            <div>
              {t.entries} : {hl(r.entriesCl)} hl
            </div>
            <div>
              {t.exitsPaid} : {hl(r.exitsPaidCl)} hl
            </div>
            <div>
              {t.exitsFree} : {hl(r.exitsFreeCl)} hl
            </div>
            <div>
              <strong>
                {t.closing} : {hl(r.closingCl)} hl
              </strong>
            </div>
            <div>
              {t.duties} : {formatCents(r.duties.totalCents)}
            </div>
          </Card>
        ))}
      </div>
    );
  const columns: ColumnsType<Row> = [
    { key: 'title', title: t.category, dataIndex: 'title' },
    { key: 'opening', title: t.opening, dataIndex: 'openingCl', align: 'right', render: hl },
    { key: 'entries', title: t.entries, dataIndex: 'entriesCl', align: 'right', render: hl },
    { key: 'exitsPaid', title: t.exitsPaid, dataIndex: 'exitsPaidCl', align: 'right', render: hl },
    { key: 'exitsFree', title: t.exitsFree, dataIndex: 'exitsFreeCl', align: 'right', render: hl },
    { key: 'closing', title: t.closing, dataIndex: 'closingCl', align: 'right', render: (cl: number) => <strong>{hl(cl)}</strong> },
    { key: 'duties', title: t.duties, align: 'right', render: (_: unknown, r) => formatCents(r.duties.totalCents) },
  ];
  const tot = decl.totals;
  return (
    <Table<Row>
      aria-label={t.title}
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 900 }}
      expandable={{
        expandedRowRender: (r) => (
          <div style={{ display: 'grid', gap: 8 }}>
            <LinesDetail f={r} />
            <MovementsDetail decl={decl} categoryKey={r.key} />
          </div>
        ),
      }}
      summary={() => (
        <Table.Summary.Row data-testid="drm-totals">
          <Table.Summary.Cell index={0} />
          <Table.Summary.Cell index={1}>
            <strong>{t.total}</strong>
          </Table.Summary.Cell>
          {[tot.openingCl, tot.entriesCl, tot.exitsPaidCl, tot.exitsFreeCl, tot.closingCl].map((cl, i) => (
            <Table.Summary.Cell key={i} index={i + 2} align="right">
              <strong>{hl(cl)}</strong>
            </Table.Summary.Cell>
          ))}
          <Table.Summary.Cell index={7} align="right">
            <strong>{formatCents(tot.duties.totalCents)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function Declaration({
  decl,
  warehouseId,
  onRecheck,
  checking,
}: {
  decl: DrmDeclaration;
  warehouseId: number;
  onRecheck: () => void;
  checking: boolean;
}) {
  const t = useTexts().drm;
  const canWrite = useCanWriteStock();
  const validate = useValidateDrm();
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const label = monthLabel(decl.month);
  const errors = decl.anomalies.filter((a) => a.severity === 'error');
  // which of the two files is being downloaded spins its own button
  const { run: download } = useAction({
    run: async (ext: 'csv' | 'pdf') => {
      setDownloading(ext);
      try {
        await downloadFile(`/excise/drm/export.${ext}`, { warehouseId, month: decl.month }, `drm-${decl.month}.${ext}`);
      } finally {
        setDownloading(null);
      }
    },
  });
  const askValidate = () =>
    confirmPopup({
      title: t.confirmTitle(label),
      content: <p style={{ margin: 0 }}>{t.confirmContent}</p>,
      okText: t.confirmOk,
      onOk: async () => {
        await validate.mutateAsync({ warehouseId, month: decl.month });
        notify.success(t.validatedMessage);
      },
    });
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Space wrap align="center">
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {decl.warehouse.name} — {label}
        </Typography.Title>
        {decl.status === 'validated' ? <Tag color="green">{t.validated}</Tag> : <Tag color="orange">{t.open}</Tag>}
        <Typography.Text type="secondary">{t.exciseNumber(decl.warehouse.exciseNumber)}</Typography.Text>
        {decl.validatedAt && <Typography.Text type="secondary">{t.validatedOn(formatDateTime(decl.validatedAt))}</Typography.Text>}
      </Space>
      <Space wrap>
        {decl.status === 'open' && (
          <Button onClick={onRecheck} loading={checking}>
            {t.check}
          </Button>
        )}
        {decl.status === 'open' && canWrite && (
          <Button type="primary" onClick={askValidate} disabled={errors.length > 0}>
            {t.validate}
          </Button>
        )}
        <Button onClick={() => void download('csv')} loading={downloading === 'csv'}>
          {t.exportCsv}
        </Button>
        <Button onClick={() => void download('pdf')} loading={downloading === 'pdf'}>
          {t.pdf}
        </Button>
        <LinkButton to={decl.movementsLink}>{t.movements}</LinkButton>
      </Space>
      {decl.anomalies.length > 0 && (
        <Alert
          type={errors.length ? 'error' : 'warning'}
          showIcon
          title={t.anomalies}
          description={
            <div style={{ display: 'grid', gap: 8 }}>
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {decl.anomalies.map((a, i) => (
                  <li key={i}>
                    {a.message}
                    {a.movementIds.length > 0 &&
                      ` (mouvements n° ${a.movementIds.slice(0, 10).join(', ')}${a.movementIds.length > 10 ? '…' : ''})`}
                  </li>
                ))}
              </ul>
              {decl.status === 'open' && (
                <div>
                  <LinkButton to="/dashboard/stocks/add" size="small">
                    {t.correct}
                  </LinkButton>
                </div>
              )}
            </div>
          }
        />
      )}
      <Typography.Text type="secondary">
        {t.unit} · {decl.openingSource === 'validated' ? t.openingFromValidated : t.openingFromMovements}
      </Typography.Text>
      <DeclarationTable decl={decl} />
      <Card size="small" title={t.dutiesTitle}>
        <div>
          {t.excise} : {formatCents(decl.totals.duties.exciseCents)}
        </div>
        <div>
          {t.css} : {formatCents(decl.totals.duties.cssCents)}
        </div>
        <div>
          <strong>
            {t.dutiesTotal} : {formatCents(decl.totals.duties.totalCents)}
          </strong>
        </div>
      </Card>
    </div>
  );
}

export default withQueryScope(function DrmPage() {
  const t = useTexts().drm;
  const [params, setParams] = useSearchParams();
  const warehouses = useBondedWarehouses();
  const fromUrl = Number(params.get('warehouseId'));
  const warehouseId = warehouses.data?.some((w) => w.id === fromUrl) ? fromUrl : (warehouses.data?.[0]?.id ?? null);
  const monthParam = params.get('month') ?? '';
  const month = MONTH_RE.test(monthParam) ? monthParam : lastCompleteMonth();
  const drm = useDrm(warehouseId, month);
  const months = useDrmMonths(warehouseId);
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    setParams(next);
  };
  const recheck = async () => {
    const res = await drm.refetch();
    if (res.data && !res.data.anomalies.length) notify.success(t.checked);
  };

  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t.intro}
      </Typography.Paragraph>
      {warehouses.isError ? (
        <Alert type="error" showIcon title={errorMessage(warehouses.error)} />
      ) : !warehouses.data ? (
        <Skeleton active />
      ) : warehouses.data.length === 0 ? (
        <Empty description={t.noWarehouse}>
          <LinkButton to="/dashboard/stocks/warehouses">{t.warehouses}</LinkButton>
        </Empty>
      ) : (
        <>
          <Space wrap>
            <label style={{ display: 'grid', gap: 4 }}>
              <span>{t.warehouse}</span>
              <Select
                aria-label={t.warehouse}
                style={{ minWidth: 240 }}
                value={warehouseId ?? undefined}
                options={warehouses.data.map((w) => ({ value: w.id, label: w.name }))}
                onChange={(v: number) => set({ warehouseId: String(v) })}
              />
            </label>
            <label style={{ display: 'grid', gap: 4 }} htmlFor="drm-month">
              <span>{t.month}</span>
              <DatePicker
                id="drm-month"
                month
                value={month}
                allowClear={false}
                max={`${lastCompleteMonth(new Date(Date.now() + 40 * 24 * 3600 * 1000))}-01`}
                onChange={(v) => v && MONTH_RE.test(v) && set({ month: v })}
              />
            </label>
          </Space>
          <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            {drm.isError ? (
              <Alert
                type="error"
                showIcon
                title={errorMessage(drm.error)}
                action={
                  <Button size="small" onClick={() => void drm.refetch()}>
                    Réessayer
                  </Button>
                }
              />
            ) : !drm.data || warehouseId === null ? (
              <Skeleton active />
            ) : (
              <Declaration decl={drm.data} warehouseId={warehouseId} onRecheck={() => void recheck()} checking={drm.isFetching} />
            )}
            <Card size="small" title={t.monthsTitle}>
              {months.data ? (
                <ul aria-label={t.monthsTitle} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                  {months.data.slice(0, 24).map((m) => (
                    <li key={m.month} style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Button
                        type="link"
                        size="small"
                        onClick={() => set({ month: m.month })}
                        aria-current={m.month === month ? 'date' : undefined}
                      >
                        {monthLabel(m.month)}
                      </Button>
                      {m.status === 'validated' ? <Tag color="green">{t.validated}</Tag> : <Tag color="orange">{t.open}</Tag>}
                      <Typography.Text type="secondary">{t.movementCount(m.movementCount)}</Typography.Text>
                    </li>
                  ))}
                </ul>
              ) : (
                <Skeleton active paragraph={{ rows: 2 }} />
              )}
            </Card>
          </div>
        </>
      )}
    </section>
  );
});
