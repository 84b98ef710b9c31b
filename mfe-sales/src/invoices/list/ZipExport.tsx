// 'Exporter les PDF (zip)' of the invoice, deposit invoice and credit note lists: a period (default the list's date
// filter, else last month), then POST /sales/invoices/exports { from, to, kind } (202), its progress asked every
// 500 ms (GET /sales/invoices/exports/:id, done / total) and, once ready, the zip saved as files.zip
// (GET /sales/invoices/exports/:id/file). 'Aucun document sur cette période' (400) and a failed export show in the dialog.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import type { InvoiceKind } from 'shared-kernel/contracts';
import { errorMessage, useAction } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { DatePicker } from 'shared-kernel/ui';
import { parisToday, presetPeriod, type Period } from '../../period';
import { downloadInvoiceExport, useInvoiceExport, useStartInvoiceExport } from '../invoices.queries';
import { useTexts } from '../texts';

const KIND_PLURAL: Record<InvoiceKind, string> = { invoice: 'Factures', deposit: "Factures d'acompte", credit: 'Avoirs' };

function ZipExportDialog({ kind, initial, onClose }: { kind: InvoiceKind; initial: Period; onClose: () => void }) {
  const t = useTexts().zip;
  const mobile = useLayoutMode() === 'mobile';
  const [from, setFrom] = useState<string | null>(initial.from);
  const [to, setTo] = useState<string | null>(initial.to);
  const [problem, setProblem] = useState<string | null>(null);
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useStartInvoiceExport();
  const progress = useInvoiceExport(exportId);
  const state = progress.data ?? start.data;
  const downloaded = useRef<string | null>(null);
  const downloadAgain = useAction({ run: (id: string) => downloadInvoiceExport(id) });

  // once ready, the zip is saved (once per export)
  const readyId = state?.status === 'ready' ? state.id : null;
  useEffect(() => {
    if (!readyId || downloaded.current === readyId) return;
    downloaded.current = readyId;
    downloadInvoiceExport(readyId).catch((err: unknown) => setProblem(errorMessage(err, t.failed)));
  }, [readyId, t.failed]);

  const submit = async () => {
    setProblem(null);
    if (!from || !to) {
      setProblem(t.periodRequired);
      return;
    }
    try {
      const started = await start.mutateAsync({ from, to, kind });
      setExportId(started.id);
    } catch (err) {
      setProblem(errorMessage(err, t.failed));
    }
  };

  const running = start.isPending || (exportId !== null && (!state || state.status === 'running') && !progress.isError);
  const failure =
    problem ?? (state?.status === 'error' ? (state.message ?? t.failed) : progress.isError ? errorMessage(progress.error, t.failed) : null);
  const ready = state?.status === 'ready';
  const done = state?.done ?? 0;
  const total = state?.total ?? 0;

  const footer = ready ? (
    <Flex wrap gap={8} justify="flex-end">
      <Button onClick={() => void downloadAgain.run(state.id)}>{t.again}</Button>
      <Button type="primary" onClick={onClose}>
        {t.close}
      </Button>
    </Flex>
  ) : (
    <Flex wrap gap={8} justify="flex-end">
      <Button onClick={onClose}>{exportId ? t.close : t.cancel}</Button>
      {!exportId || failure ? (
        <Button type="primary" loading={start.isPending} onClick={() => void submit()}>
          {t.start}
        </Button>
      ) : null}
    </Flex>
  );

  return (
    <Modal open onCancel={onClose} title={t.title(KIND_PLURAL[kind])} footer={footer} width={mobile ? '100%' : 480} destroyOnHidden>
      <Flex vertical gap={12} data-testid="zip-export">
        <Typography.Text>{t.intro}</Typography.Text>
        <Flex wrap gap={12}>
          <Flex vertical gap={4}>
            <label htmlFor="zip-export-from">{t.from}</label>
            <span style={{ width: 160 }}>
              <DatePicker
                id="zip-export-from"
                value={from}
                max={to ?? undefined}
                disabled={running}
                onChange={(v) => {
                  setFrom(v);
                  setExportId(null);
                }}
              />
            </span>
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor="zip-export-to">{t.to}</label>
            <span style={{ width: 160 }}>
              <DatePicker
                id="zip-export-to"
                value={to}
                min={from ?? undefined}
                disabled={running}
                onChange={(v) => {
                  setTo(v);
                  setExportId(null);
                }}
              />
            </span>
          </Flex>
        </Flex>
        {exportId && state && !failure && (
          <div>
            <Progress
              percent={total > 0 ? Math.floor((done / total) * 100) : 0}
              status={ready ? 'success' : 'active'}
              format={() => `${done} / ${total}`}
              aria-label={t.preparing}
            />
            <Typography.Text role="status" data-testid="zip-progress">
              {ready ? t.ready : `${t.preparing} ${t.progress(done, total)}`}
            </Typography.Text>
          </div>
        )}
        {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      </Flex>
    </Modal>
  );
}

/** The list's dates when it has some (one end missing: up to today, or from the 1st of the month), else last month. */
export function defaultPeriod(period: { from?: string; to?: string } | undefined, now: Date = new Date()): Period {
  const { from, to } = period ?? {};
  if (from && to) return { from, to };
  if (from) {
    const today = parisToday(now);
    return { from, to: from <= today ? today : from };
  }
  if (to) return { from: `${to.slice(0, 8)}01`, to };
  return presetPeriod('lastMonth', now);
}

/** The toolbar button and its dialog; `period` = the list's date filter (each end optional). */
export function ZipExportButton({ kind, period }: { kind: InvoiceKind; period?: { from?: string; to?: string } }) {
  const t = useTexts().zip;
  const [open, setOpen] = useState(false);
  const initial = defaultPeriod(period);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t.button}</Button>
      {open && <ZipExportDialog kind={kind} initial={initial} onClose={() => setOpen(false)} />}
    </>
  );
}
