// 'Intégrité': what the inalterable journal is (CGI art. 286 I 3° bis), 'Vérifier maintenant'
// (GET /pos/salespoints/:id/verify: « Journal intact : N enregistrements vérifiés, grand total X », or the first broken
// record — kind, ref, reason), and 'Exporter l'archive' of a period (GET /pos/salespoints/:id/archive?from&to, the
// signed JSON archive; the api records the export in the journal).
import { useState, type ReactNode } from 'react';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import type { ChainVerification, SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { DatePicker } from 'shared-kernel/ui';
import { parisDateTime, parisDay } from '../../format';
import { downloadArchive, useVerifyChain } from '../../salespoints.queries';
import { useTexts } from '../../texts';

function VerificationResult({ result }: { result: ChainVerification }) {
  const t = useTexts().integrity;
  const checked = t.checkedAt(parisDateTime(result.checkedAt));
  if (result.intact && !result.broken)
    return (
      <Alert type="success" showIcon role="status" title={t.intact(result.records, formatCents(result.grandTotal))} description={checked} />
    );
  const b = result.broken;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t.broken}
      description={
        <>
          {b && <div data-testid="broken-record">{t.brokenRecord(t.kinds[b.kind], b.ref, b.seq, b.reason)}</div>}
          <div>{checked}</div>
        </>
      }
    />
  );
}

function VerifyCard({ salesPoint }: { salesPoint: SalesPoint }) {
  const t = useTexts();
  const verify = useVerifyChain(salesPoint.id);
  let result: ReactNode = null;
  if (verify.isError)
    result = <Alert type="error" showIcon role="alert" title={t.integrity.failed} description={errorMessage(verify.error)} />;
  else if (verify.data) result = <VerificationResult result={verify.data} />;
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t.integrity.title}</h2>} data-testid="verify-card">
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t.integrity.intro}</Typography.Paragraph>
        <div>
          <Button type="primary" icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate()}>
            {t.integrity.verify}
          </Button>
        </div>
        <div aria-live="polite">{!verify.isPending && result}</div>
      </Flex>
    </Card>
  );
}

function ArchiveCard({ salesPoint }: { salesPoint: SalesPoint }) {
  const t = useTexts().integrity;
  const today = parisDay();
  const [from, setFrom] = useState<string | null>(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState<string | null>(today);
  const [busy, setBusy] = useState(false);
  const ready = !!from && !!to && from <= to;
  const run = () => {
    if (!from || !to) return;
    setBusy(true);
    downloadArchive(salesPoint, from, to)
      .catch((err: unknown) => notify.error(err instanceof Error && err.message ? err.message : t.archiveFailed))
      .finally(() => setBusy(false));
  };
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t.archive}</h2>} data-testid="archive-card">
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t.archiveIntro}</Typography.Paragraph>
        <Flex wrap gap={12} align="flex-end">
          <Flex vertical gap={4}>
            <label htmlFor="archive-from">{t.from}</label>
            <span style={{ width: 150, display: 'block' }}>
              <DatePicker id="archive-from" value={from} max={to ?? undefined} onChange={setFrom} />
            </span>
          </Flex>
          <Flex vertical gap={4}>
            <label htmlFor="archive-to">{t.to}</label>
            <span style={{ width: 150, display: 'block' }}>
              <DatePicker id="archive-to" value={to} min={from ?? undefined} onChange={setTo} />
            </span>
          </Flex>
          <Button icon={<DownloadOutlined />} loading={busy} disabled={!ready} onClick={run}>
            {t.archive}
          </Button>
        </Flex>
        {!ready && <Typography.Text type="secondary">{t.periodRequired}</Typography.Text>}
      </Flex>
    </Card>
  );
}

export function IntegrityTab({ salesPoint }: { salesPoint: SalesPoint }) {
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <VerifyCard salesPoint={salesPoint} />
      <ArchiveCard salesPoint={salesPoint} />
    </Flex>
  );
}
