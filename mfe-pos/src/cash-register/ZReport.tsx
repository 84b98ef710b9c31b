import { useState } from 'react';
import { Button } from 'antd';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import FilePdfOutlined from '@ant-design/icons/es/icons/FilePdfOutlined';
import { POS_PAYMENT_METHODS, type PosClosing, type PosPaymentMethod, type SalesPoint } from 'shared-kernel/contracts';
import { formatCents, formatDate, formatDateTime } from 'shared-kernel/domain';
import { downloadApiFile } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { PrintPortal } from './PrintPortal';
import { useTexts } from './texts';

const rate = (r: number) => String(r).replace('.', ',');

/** Methods of the Z: those of the tickets, the expectation or the count, in the contract's order (cash first). */
function methodsOf(closing: PosClosing): PosPaymentMethod[] {
  const seen = new Set<PosPaymentMethod>([
    ...closing.totals.byMethod.map((m) => m.method),
    ...(Object.keys(closing.expected ?? {}) as PosPaymentMethod[]),
    ...(Object.keys(closing.counted ?? {}) as PosPaymentMethod[]),
  ]);
  return POS_PAYMENT_METHODS.filter((m) => seen.has(m));
}

/** The Z report of a day: totals per VAT rate, per method (expected / counted / gap), the perpetual grand total. */
export function ZReport({ closing, salesPoint }: { closing: PosClosing; salesPoint: Pick<SalesPoint, 'name'> }) {
  const t = useTexts();
  const { totals } = closing;
  const methods = methodsOf(closing);
  const amountOf = (m: PosPaymentMethod) => totals.byMethod.find((x) => x.method === m)?.amount ?? 0;
  return (
    <article className="wz-receipt wz-z" aria-label={t.z.title(closing.ref)}>
      <header className="wz-receipt__header">
        <strong>{salesPoint.name}</strong>
        <h2 className="wz-till-h2">{t.z.title(closing.ref)}</h2>
        <div>
          {t.z.period(
            /^\d{4}-\d{2}-\d{2}$/.test(closing.period) ? formatDate(closing.period) : closing.period,
            formatDateTime(closing.at),
            closing.by,
          )}
        </div>
        <div>{t.z.tickets(totals.tickets)}</div>
      </header>
      <h3 className="wz-till-h3">{t.z.byVat}</h3>
      {/* the tables scroll inside the 80 mm frame rather than spill out of it; focusable to scroll by keyboard */}
      <div className="wz-z__scroll" role="region" aria-label={t.z.byVat} tabIndex={0}>
        <table className="wz-z__table">
          <thead>
            <tr>
              <th scope="col">{t.z.rate}</th>
              <th scope="col" className="wz-num">
                {t.z.ht}
              </th>
              <th scope="col" className="wz-num">
                {t.z.vat}
              </th>
              <th scope="col" className="wz-num">
                {t.z.ttc}
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.byVat.map((v) => (
              <tr key={v.rate}>
                <th scope="row">{`${rate(v.rate)} %`}</th>
                <td className="wz-num">{formatCents(v.ht)}</td>
                <td className="wz-num">{formatCents(v.vat)}</td>
                <td className="wz-num">{formatCents(v.ttc)}</td>
              </tr>
            ))}
            <tr className="wz-z__sum">
              <th scope="row">{t.z.total}</th>
              <td className="wz-num">{formatCents(totals.totalHT)}</td>
              <td className="wz-num">{formatCents(totals.totalVAT)}</td>
              <td className="wz-num" data-testid="z-total">
                {formatCents(totals.totalTTC)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      <h3 className="wz-till-h3">{t.z.byMethod}</h3>
      <div className="wz-z__scroll" role="region" aria-label={t.z.byMethod} tabIndex={0}>
        <table className="wz-z__table">
          <thead>
            <tr>
              <th scope="col">{t.z.method}</th>
              <th scope="col" className="wz-num">
                {t.z.ttc}
              </th>
              <th scope="col" className="wz-num">
                {t.z.expected}
              </th>
              <th scope="col" className="wz-num">
                {t.z.counted}
              </th>
              <th scope="col" className="wz-num">
                {t.z.gap}
              </th>
            </tr>
          </thead>
          <tbody>
            {methods.map((m) => {
              const expected = closing.expected?.[m];
              const counted = closing.counted?.[m];
              const gap = expected !== undefined && counted !== undefined ? counted - expected : null;
              return (
                <tr key={m}>
                  <th scope="row">{t.methods[m]}</th>
                  <td className="wz-num">{formatCents(amountOf(m))}</td>
                  <td className="wz-num">{expected === undefined ? '—' : formatCents(expected)}</td>
                  <td className="wz-num">{counted === undefined ? '—' : formatCents(counted)}</td>
                  <td className={`wz-num${gap ? ' wz-gap' : ''}`}>{gap === null ? '—' : formatCents(gap)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {closing.gap !== null && (
        <p className="wz-z__line" data-testid="z-gap">
          <span>{t.z.totalGap}</span> <strong>{formatCents(closing.gap)}</strong>
        </p>
      )}
      <p className="wz-z__line" data-testid="z-grand-total">
        <span>{t.z.grandTotal}</span> <strong>{formatCents(closing.grandTotal)}</strong>
      </p>
    </article>
  );
}

/** The screen after closing the day: the Z on screen, « Imprimer », « Rapport PDF », « Terminer ». */
export function ZReportScreen({ closing, salesPoint, onFinish }: { closing: PosClosing; salesPoint: SalesPoint; onFinish: () => void }) {
  const t = useTexts();
  const [downloading, setDownloading] = useState(false);
  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadApiFile(`/pos/closings/${closing.id}/report.pdf`, undefined, `${closing.ref}.pdf`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t.genericError);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="wz-done" aria-label={t.z.title(closing.ref)}>
      <div className="wz-done__summary">
        <h1 className="wz-till-h1">{t.z.title(closing.ref)}</h1>
        <div className="wz-done__actions">
          <Button size="large" icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            {t.z.print}
          </Button>
          <Button size="large" icon={<FilePdfOutlined aria-hidden />} loading={downloading} onClick={() => void pdf()}>
            {t.z.pdf}
          </Button>
        </div>
        <Button size="large" type="primary" block className="wz-done__new" onClick={onFinish}>
          {t.z.finish}
        </Button>
      </div>
      <div className="wz-done__preview">
        <ZReport closing={closing} salesPoint={salesPoint} />
      </div>
      <PrintPortal>
        <ZReport closing={closing} salesPoint={salesPoint} />
      </PrintPortal>
    </section>
  );
}
