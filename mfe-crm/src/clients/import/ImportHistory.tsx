// The shop's client imports, newest first, with their §3 status (pending, processing, completed, reverted, error)
// and the undo of a completed one.
import { Button, Table, Tag, Typography, Alert, Flex } from 'antd';
import { useState } from 'react';
import { CLIENT_IMPORT_STATUS_LABELS, type ClientImport, type ClientImportStatus } from 'shared-kernel/contracts';
import { formatDateTime } from 'shared-kernel/domain';
import { errorMessage, useAction } from 'shared-kernel/kit';
import { useClientImports, useRevertImport } from './imports.queries';
import { useTexts } from './texts';

export const IMPORT_STATUS_COLOURS: Record<ClientImportStatus, string> = {
  pending: 'default',
  processing: 'processing',
  completed: 'success',
  reverted: 'warning',
  error: 'error',
};

export function ImportStatusTag({ status }: { status: ClientImportStatus }) {
  return <Tag color={IMPORT_STATUS_COLOURS[status]}>{CLIENT_IMPORT_STATUS_LABELS[status]}</Tag>;
}

export function ImportHistory() {
  const t = useTexts();
  const [page, setPage] = useState(1);
  const query = useClientImports({ page, pageSize: 10, sort: '-createdAt' });
  const revert = useRevertImport();
  const reverting = useAction({
    run: (imp: ClientImport) => revert.mutateAsync(imp.id),
    confirm: { title: t.revertConfirm, content: t.revertText, okText: t.revert },
    success: (res) => res.message,
  });
  const undo = (imp: ClientImport) => void reverting.run(imp);
  if (query.isError) return <Alert type="error" showIcon role="alert" title={errorMessage(query.error)} />;
  return (
    <Flex vertical gap={8}>
      {query.data && <Typography.Text type="secondary">{t.historyTotal(query.data.total)}</Typography.Text>}
      <Table<ClientImport>
        size="small"
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.items ?? []}
        locale={{ emptyText: t.historyEmpty }}
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: 10,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'createdAt', title: t.date, dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
          { key: 'filename', title: t.file, dataIndex: 'filename', ellipsis: true },
          { key: 'status', title: t.status, dataIndex: 'status', render: (s: ClientImportStatus) => <ImportStatusTag status={s} /> },
          {
            key: 'result',
            title: t.result,
            render: (_: unknown, i: ClientImport) =>
              i.status === 'processing' ? t.progress(i.processed, i.total) : t.resultShort(i.created, i.merged, i.skipped, i.errorCount),
          },
          { key: 'by', title: t.by, dataIndex: 'createdBy', render: (v: string | null) => v ?? '' },
          {
            key: 'actions',
            title: '',
            render: (_: unknown, i: ClientImport) =>
              i.status === 'completed' ? (
                <Button size="small" danger onClick={() => undo(i)} aria-label={`${t.revert} ${i.filename}`}>
                  {t.revert}
                </Button>
              ) : null,
          },
        ]}
      />
    </Flex>
  );
}
