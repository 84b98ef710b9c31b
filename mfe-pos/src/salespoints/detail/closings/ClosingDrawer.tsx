// A closing's report, in a drawer (full width on phones): kind, period, when and by whom; the figures (tickets, TTC,
// HT, VAT, perpetual grand total); the totals per VAT rate, per payment method and per accounting type; for a day Z,
// the cash count (float, expected / counted / gap per method). 'Rapport PDF' downloads
// GET /pos/closings/:id/report.pdf.
import { useState, type CSSProperties, type ReactNode } from 'react';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { Alert, Button, Card, Flex } from 'antd';
import { POS_PAYMENT_METHODS, type PosClosing } from 'shared-kernel/contracts';
import { ACCOUNTING_PRODUCT_TYPES, formatCents } from 'shared-kernel/domain';
import { EditDrawer } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { parisDateTime, periodLabel, rateLabel } from '../../format';
import { downloadClosingReport, useClosing } from '../../salespoints.queries';
import { useTexts } from '../../texts';
import { DrawerBody } from '../DrawerBody';
import { Gap } from './Gap';

type T = ReturnType<typeof useTexts>;

const num: CSSProperties = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
const cell: CSSProperties = { padding: '4px 8px', borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' };
const head: CSSProperties = { ...cell, fontWeight: 500, color: 'var(--ant-color-text-description, #595959)' };

const typeLabel = (type: string) => ACCOUNTING_PRODUCT_TYPES.find((x) => x.value === type)?.label ?? type;

/** A small table of the report: a header row, then rows of cells (the first one a label, the others amounts). */
function ReportTable({ label, columns, rows, testId }: { label: string; columns: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <Card size="small" title={<h3 style={{ margin: 0, fontSize: 15 }}>{label}</h3>}>
      <div style={{ overflowX: 'auto' }}>
        <table aria-label={label} style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" style={{ ...head, ...(i > 0 ? num : { textAlign: 'left' }) }}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r} data-testid={testId}>
                {row.map((value, i) => (
                  <td key={i} style={{ ...cell, ...(i > 0 ? num : {}) }}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function CashCount({ t, closing }: { t: T; closing: PosClosing }) {
  const r = t.report;
  const expected = closing.expected ?? {};
  const counted = closing.counted ?? {};
  const methods = POS_PAYMENT_METHODS.filter((m) => expected[m] !== undefined || counted[m] !== undefined);
  const rows = methods.map((m) => {
    const e = expected[m] ?? 0;
    const c = counted[m] ?? 0;
    return [t.methodLabels[m], formatCents(e), formatCents(c), <Gap key="gap" t={t} gap={c - e} />];
  });
  rows.push([
    <strong key="label">{r.total}</strong>,
    formatCents(methods.reduce((n, m) => n + (expected[m] ?? 0), 0)),
    formatCents(methods.reduce((n, m) => n + (counted[m] ?? 0), 0)),
    <Gap key="gap" t={t} gap={closing.gap} />,
  ]);
  return (
    <Flex vertical gap={8}>
      {closing.float !== null && (
        <span data-testid="report-float">
          {r.float} : <strong>{formatCents(closing.float)}</strong>
        </span>
      )}
      <ReportTable label={r.count} columns={[r.method, r.expected, r.counted, r.gap]} rows={rows} testId="report-count" />
    </Flex>
  );
}

function Report({ closing }: { closing: PosClosing }) {
  const t = useTexts();
  const r = t.report;
  const { totals } = closing;
  const facts: Array<{ label: string; value: ReactNode }> = [
    { label: r.kind, value: t.closings.kinds[closing.kind] },
    { label: r.period, value: periodLabel(t, closing) },
    { label: r.at, value: r.atBy(parisDateTime(closing.at), closing.by) },
    { label: r.tickets, value: String(totals.tickets) },
    { label: r.totalTTC, value: formatCents(totals.totalTTC) },
    { label: r.totalHT, value: formatCents(totals.totalHT) },
    { label: r.totalVAT, value: formatCents(totals.totalVAT) },
    { label: r.grandTotal, value: formatCents(closing.grandTotal) },
  ];
  return (
    <Flex vertical gap={12} data-testid="closing-report">
      <dl
        aria-label={r.summary}
        data-testid="report-facts"
        style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }}
      >
        {facts.map((f) => (
          <div key={f.label} style={{ display: 'contents' }}>
            <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{f.label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{f.value}</dd>
          </div>
        ))}
      </dl>
      {totals.tickets === 0 && <Alert type="info" showIcon title={r.nothing} />}
      {closing.kind === 'day' && (closing.expected || closing.counted) && <CashCount t={t} closing={closing} />}
      {totals.byVat.length > 0 && (
        <ReportTable
          label={r.byVat}
          columns={[r.rate, r.ht, r.vat, r.ttc]}
          rows={totals.byVat.map((v) => [rateLabel(t, v.rate), formatCents(v.ht), formatCents(v.vat), formatCents(v.ttc)])}
          testId="report-vat"
        />
      )}
      {totals.byMethod.length > 0 && (
        <ReportTable
          label={r.byMethod}
          columns={[r.method, r.amount]}
          rows={totals.byMethod.map((m) => [t.methodLabels[m.method], formatCents(m.amount)])}
          testId="report-method"
        />
      )}
      {totals.byType.length > 0 && (
        <ReportTable
          label={r.byType}
          columns={[r.type, r.rate, r.ht, r.vat]}
          rows={totals.byType.map((x) => [
            typeLabel(x.accountingType),
            rateLabel(t, x.vatRate),
            formatCents(x.totalHT),
            formatCents(x.vat),
          ])}
          testId="report-type"
        />
      )}
      <span style={{ fontSize: 11, color: 'var(--ant-color-text-description, #595959)', overflowWrap: 'anywhere' }}>
        {r.hash} {closing.hash.slice(0, 16)}
      </span>
    </Flex>
  );
}

export function ClosingDrawer({
  id,
  known,
  wait,
  onClose,
}: {
  id: number | null;
  /** the row of the list when it has it; `wait` while the list loads */
  known: PosClosing | undefined;
  wait: boolean;
  onClose: () => void;
}) {
  const all = useTexts();
  const r = all.report;
  const query = useClosing(id, known, wait);
  const closing = query.data;
  const [downloading, setDownloading] = useState(false);
  const download = (x: PosClosing) => {
    setDownloading(true);
    downloadClosingReport(x)
      .catch((err: unknown) => notify.error(err instanceof Error && err.message ? err.message : r.pdfFailed))
      .finally(() => setDownloading(false));
  };

  const body = <DrawerBody content={closing && <Report closing={closing} />} query={query} notFound={r.notFound} />;

  return (
    <EditDrawer
      open={id !== null}
      title={closing ? r.title(closing.ref) : all.closings.ref}
      onClose={onClose}
      width={640}
      footer={
        closing && (
          <Flex justify="flex-end">
            <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => download(closing)}>
              {r.pdf}
            </Button>
          </Flex>
        )
      }
    >
      {body}
    </EditDrawer>
  );
}
