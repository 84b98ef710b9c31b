// Export of a whole shop's data: « Exporter toutes mes données » queues the zip; the api then adds it to the
// user's documents to download (the shell opens them as they come). The card follows the export and offers the file
// once ready. Owner only (the api answers 403 to anyone else).
import { useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { errorMessage, withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { downloadExport, useShopExport, useStartExport } from './data.queries';
import { useTexts } from './texts';

/** `documentsHref`: where the documents to download are listed, when the app has such a page. */
export const ExportCard = withQueryScope(function ExportCard({ documentsHref }: { documentsHref?: string }) {
  const t = useTexts();
  const start = useStartExport();
  const [id, setId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const state = useShopExport(id);
  const current = state.data;

  const launch = async () => {
    setProblem(null);
    try {
      setId((await start.mutateAsync()).id);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  const download = async () => {
    if (!current) return;
    setDownloading(true);
    try {
      await downloadExport(current);
    } catch (err) {
      notify.error(errorMessage(err, t.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };
  const busy = start.isPending || current?.status === 'pending' || current?.status === 'processing';

  return (
    <Card title={t.exportTitle}>
      <Flex vertical gap={12} align="start">
        <Typography.Paragraph style={{ margin: 0 }}>{t.exportIntro}</Typography.Paragraph>
        <Button type="primary" loading={busy} onClick={() => void launch()}>
          {t.exportButton}
        </Button>
        {problem && <Alert type="error" showIcon role="alert" title={problem} />}
        {current && (current.status === 'pending' || current.status === 'processing') && (
          <Alert
            type="info"
            showIcon
            role="status"
            title={t.exportStarted}
            action={documentsHref ? <Link to={documentsHref}>{t.documentsLink}</Link> : undefined}
          />
        )}
        {current?.status === 'ready' && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t.exportReady}
            action={
              <Button loading={downloading} onClick={() => void download()}>
                {t.download(current.fileName)}
              </Button>
            }
          />
        )}
        {current?.status === 'error' && <Alert type="error" showIcon role="alert" title={t.exportFailed} />}
        {current?.status === 'expired' && <Alert type="warning" showIcon title={t.exportExpired} />}
      </Flex>
    </Card>
  );
});
