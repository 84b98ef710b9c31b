// The FEC of the fiscal year: GET /accounting/fec/check?year= (file name, lines, entries, debit / credit totals and
// the problems the checks find), then 'Télécharger le FEC' (GET /accounting/fec?year=, with the session's token). A
// missing SIREN (the file cannot be named) says where to fill it in and disables the download. The file's encoding:
// ISO 8859-15 (A47 A-1 LPF, the default, sent as no parameter) or UTF-8 (&encoding=utf-8).
import { useState } from 'react';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { Alert, Button, Card, Flex, Radio, Skeleton } from 'antd';
import { ACCOUNTING_RULE_MESSAGES, FEC_ENCODINGS, FEC_ENCODING_LABELS, type FecCheck, type FecEncoding } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { downloadFec, useFecCheck } from '../journals.queries';
import { useTexts } from '../texts';

const BILLING_SETTINGS = '/dashboard/settings?link=billing';

function CheckResult({ check }: { check: FecCheck }) {
  const t = useTexts().fec;
  const facts = [
    { label: t.fileName, value: check.fileName || '—' },
    { label: t.lines, value: String(check.lines) },
    { label: t.entries, value: String(check.entries) },
    { label: t.debit, value: formatCents(check.debit) },
    { label: t.credit, value: formatCents(check.credit) },
  ];
  return (
    <Flex vertical gap={12}>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }} data-testid="fec-facts">
        {facts.map((f) => (
          <div key={f.label} style={{ display: 'contents' }}>
            <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{f.label}</dt>
            <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{f.value}</dd>
          </div>
        ))}
      </dl>
      {check.sirenMissing && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={ACCOUNTING_RULE_MESSAGES.sirenMissing}
          description={<Link to={BILLING_SETTINGS}>{t.billing}</Link>}
        />
      )}
      {check.problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t.problems(check.problems.length)}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="fec-problems">
              {check.problems.map((p, i) => (
                <li key={i}>{t.problem(p.line, p.message)}</li>
              ))}
            </ul>
          }
        />
      ) : (
        !check.sirenMissing && <Alert type="success" showIcon role="status" title={t.ok} />
      )}
    </Flex>
  );
}

export function FecCard({ year }: { year: number }) {
  const all = useTexts();
  const t = all.fec;
  const check = useFecCheck(year);
  const [busy, setBusy] = useState(false);
  const [encoding, setEncoding] = useState<FecEncoding>('iso-8859-15');
  const download = () => {
    if (!check.data) return;
    setBusy(true);
    downloadFec(year, check.data.fileName, encoding)
      .catch((err: unknown) => notify.error(err instanceof Error && err.message ? err.message : t.failed))
      .finally(() => setBusy(false));
  };
  return (
    <Card title={t.title} size="small" data-testid="fec-card">
      <Flex vertical gap={12}>
        <span>{t.intro}</span>
        {check.isPending && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
        {check.isError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={errorMessage(check.error, all.loadError)}
            action={<Button onClick={() => void check.refetch()}>{all.retry}</Button>}
          />
        )}
        {check.data && <CheckResult check={check.data} />}
        <Flex vertical gap={4}>
          <span id="fec-encoding">{t.encoding}</span>
          <Radio.Group
            aria-labelledby="fec-encoding"
            value={encoding}
            onChange={(e) => setEncoding(e.target.value as FecEncoding)}
            options={FEC_ENCODINGS.map((value) => ({ value, label: FEC_ENCODING_LABELS[value] }))}
          />
        </Flex>
        <div>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={busy}
            disabled={!check.data || check.data.sirenMissing}
            onClick={download}
          >
            {t.download}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
