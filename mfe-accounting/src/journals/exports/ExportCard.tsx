// 'Export comptable': the entries of a period (default the fiscal year) in the accountant's layout and file type,
// both preselected from GET /accounting/settings (generic / CSV when they cannot be read), downloaded from
// GET /accounting/export?from&to&format&layout with the session's token. A link opens the sales ventilation.
import { useState } from 'react';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { Alert, Button, Card, Flex, Radio, Select } from 'antd';
import {
  EXPORT_FORMATS,
  EXPORT_LAYOUT_LABELS,
  EXPORT_LAYOUTS,
  type ExportFormat,
  type ExportLayout,
  type FiscalYear,
} from 'shared-kernel/contracts';
import { LinkButton } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { downloadAccountingExport, useAccountingSettings } from '../journals.queries';
import { useTexts } from '../texts';
import { completePeriod, PeriodFields, usePeriodOf } from './PeriodFields';

export function ExportCard({ year }: { year: FiscalYear }) {
  const t = useTexts().export;
  const settings = useAccountingSettings();
  const [period, setPeriod] = usePeriodOf(year);
  const [layoutPicked, setLayout] = useState<ExportLayout | null>(null);
  const [formatPicked, setFormat] = useState<ExportFormat | null>(null);
  const layout = layoutPicked ?? settings.data?.exportLayout ?? 'generic';
  const format = formatPicked ?? settings.data?.exportFormat ?? 'csv';
  const [busy, setBusy] = useState(false);
  const complete = completePeriod(period);
  const ventilation = complete ? `/dashboard/orders/ventilate?from=${complete.from}&to=${complete.to}` : '/dashboard/orders/ventilate';

  const run = () => {
    if (!complete) return;
    setBusy(true);
    downloadAccountingExport(complete, format, layout)
      .catch((err: unknown) => notify.error(err instanceof Error && err.message ? err.message : t.failed))
      .finally(() => setBusy(false));
  };

  return (
    <Card title={t.title} size="small" data-testid="export-card">
      <Flex vertical gap={12}>
        <span>{t.intro}</span>
        <PeriodFields id="export" period={period} onChange={setPeriod} />
        <Flex vertical gap={4}>
          <label htmlFor="export-layout">{t.layout}</label>
          <Select<ExportLayout>
            id="export-layout"
            value={layout}
            loading={settings.isPending}
            onChange={setLayout}
            options={EXPORT_LAYOUTS.map((l) => ({ value: l, label: EXPORT_LAYOUT_LABELS[l] }))}
            popupMatchSelectWidth={false}
            style={{ width: 520, maxWidth: '100%' }}
          />
        </Flex>
        <Flex vertical gap={4}>
          <span id="export-format-label">{t.format}</span>
          <Radio.Group
            aria-labelledby="export-format-label"
            value={format}
            onChange={(e) => setFormat(e.target.value as ExportFormat)}
            options={EXPORT_FORMATS.map((f) => ({ value: f, label: t.formats[f] }))}
          />
        </Flex>
        {!complete && <Alert type="warning" showIcon title={t.periodRequired} />}
        <Flex wrap gap={8}>
          <Button type="primary" icon={<DownloadOutlined />} loading={busy} disabled={!complete} onClick={run}>
            {t.submit}
          </Button>
          <LinkButton to={ventilation} type="link">
            {t.ventilation}
          </LinkButton>
        </Flex>
      </Flex>
    </Card>
  );
}
