// Import of a whole shop's data, for the settings section « intégrations »: what the file holds (products,
// clients, stock) and the software it comes from, the file (dropped or chosen), the dry run (the first rows as they will
// be imported, the row errors, the counts), « Importer » with its progress bar, then the history of the imports with
// their §3 status and « Annuler l’import ». Owner only (the api answers 403 to anyone else).
import { useState } from 'react';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { Alert, Button, Card, Flex, Progress, Radio, Result, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { INTEGRATION_NAMES, formatDateTime } from 'shared-kernel/domain';
import { errorMessage, withQueryScope } from 'shared-kernel/kit';
import { confirmPopup, notify } from 'shared-kernel/runtime';
import {
  IMPORT_MAX_BYTES,
  useRevertShopImport,
  usePreviewImport,
  useShopImport,
  useShopImports,
  useStartImport,
  type ShopImport,
  type ShopImportAction,
  type ShopImportEntity,
  type ShopImportIntegration,
  type ShopImportPreview,
  type ShopImportRowError,
  type ShopImportStatus,
} from './data.queries';
import { useTexts } from './texts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ENTITIES: ShopImportEntity[] = ['products', 'clients', 'stock'];
const ACTION_COLOURS: Record<ShopImportAction, string> = { create: 'green', update: 'blue', unchanged: 'default', error: 'red' };
export const IMPORT_STATUS_COLOURS: Record<ShopImportStatus, string> = {
  pending: 'default',
  processing: 'processing',
  completed: 'success',
  reverted: 'warning',
  error: 'error',
};

export function ImportStatusTag({ status }: { status: ShopImportStatus }) {
  const t = useTexts();
  return <Tag color={IMPORT_STATUS_COLOURS[status]}>{t.statuses[status]}</Tag>;
}

function ErrorsTable({ errors }: { errors: ShopImportRowError[] }) {
  const t = useTexts();
  return (
    <Table<ShopImportRowError>
      size="small"
      rowKey={(e) => `${e.row}-${e.field ?? ''}-${e.message}`}
      dataSource={errors}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { key: 'row', title: t.row, dataIndex: 'row', width: 80 },
        { key: 'message', title: t.message, dataIndex: 'message' },
      ]}
    />
  );
}

/** Undo of an import, after confirmation. */
function useRevert() {
  const t = useTexts();
  const revert = useRevertShopImport();
  const ask = (imp: ShopImport) =>
    void confirmPopup({
      title: t.revertConfirm,
      content: t.revertText,
      okText: t.revert,
      cancelText: t.keep,
      onOk: async () => {
        try {
          notify.success((await revert.mutateAsync(imp.id)).message);
        } catch (err) {
          notify.error(errorMessage(err));
        }
      },
    });
  return { ask, pending: revert.isPending };
}

function PreviewResult({
  preview,
  starting,
  onStart,
  onOther,
}: {
  preview: ShopImportPreview;
  starting: boolean;
  onStart: () => void;
  onOther: () => void;
}) {
  const t = useTexts();
  const ignored = preview.columns.filter((c) => c.field === null).map((c) => c.header);
  const toDo = preview.counts.create + preview.counts.update;
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>{t.previewTitle(preview.fileName, preview.counts.total)}</Typography.Text>
      <Space wrap size="middle" aria-label={t.previewCaption}>
        {(['create', 'update', 'unchanged', 'error'] as const).map((k) => (
          <Tag key={k} color={ACTION_COLOURS[k]} style={{ fontSize: 14, padding: '4px 8px' }}>
            {t.counts[k]} : {preview.counts[k]}
          </Tag>
        ))}
      </Space>
      {ignored.length > 0 && <Alert type="info" showIcon title={t.ignoredColumns(ignored.join(', '))} />}
      <Table
        size="small"
        rowKey={(r) => `${r.row}-${r.label}`}
        dataSource={preview.preview}
        pagination={false}
        scroll={{ x: 560 }}
        title={() => t.previewCaption}
        columns={[
          { key: 'row', title: t.row, dataIndex: 'row', width: 70 },
          {
            key: 'action',
            title: t.action,
            dataIndex: 'action',
            width: 120,
            render: (a: ShopImportAction) => <Tag color={ACTION_COLOURS[a]}>{t.actions[a]}</Tag>,
          },
          { key: 'label', title: t.label, dataIndex: 'label' },
          { key: 'details', title: t.details, dataIndex: 'details' },
        ]}
      />
      {preview.errorCount > 0 && (
        <>
          <Typography.Text type="danger">{t.errorsTitle(preview.errorCount)}</Typography.Text>
          <ErrorsTable errors={preview.errors} />
        </>
      )}
      <Space wrap>
        <Button onClick={onOther}>{t.otherFile}</Button>
        <Button type="primary" disabled={!toDo} loading={starting} onClick={onStart}>
          {toDo ? t.start : t.nothingToDo}
        </Button>
      </Space>
    </Flex>
  );
}

function RunProgress({ id, onOther }: { id: number; onOther: () => void }) {
  const t = useTexts();
  const query = useShopImport(id);
  const revert = useRevert();
  const imp = query.data;
  if (query.isError) return <Alert type="error" showIcon role="alert" title={errorMessage(query.error)} />;
  if (!imp || imp.status === 'pending' || imp.status === 'processing') {
    const done = imp?.processed ?? 0;
    const total = imp?.total ?? 0;
    return (
      <Flex vertical gap={8} aria-live="polite">
        <Typography.Text strong>{t.running}</Typography.Text>
        <Progress percent={total ? Math.floor((done / total) * 100) : 0} status="active" aria-label={t.running} />
        <Typography.Text type="secondary">{t.progress(done, total)}</Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      {imp.status === 'completed' && (
        <Result status="success" title={t.done} subTitle={t.doneText(imp.created, imp.updated, imp.skipped, imp.errorCount)} />
      )}
      {imp.status === 'error' && <Result status="error" title={t.failed} subTitle={imp.errors[imp.errors.length - 1]?.message} />}
      {imp.status === 'reverted' && <Result status="info" title={t.statuses.reverted} />}
      {imp.errors.length > 0 && imp.status !== 'error' && <ErrorsTable errors={imp.errors} />}
      <Space wrap>
        {imp.revertible && (
          <Button danger loading={revert.pending} onClick={() => revert.ask(imp)}>
            {t.revert}
          </Button>
        )}
        <Button onClick={onOther}>{t.otherFile}</Button>
      </Space>
    </Flex>
  );
}

function ImportHistory() {
  const t = useTexts();
  const [page, setPage] = useState(1);
  const query = useShopImports({ page, pageSize: 10, sort: '-createdAt' });
  const revert = useRevert();
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(query.error, t.loadError)}
        action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
      />
    );
  return (
    <Table<ShopImport>
      size="small"
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data?.items ?? []}
      locale={{ emptyText: t.historyEmpty }}
      scroll={{ x: 760 }}
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
        { key: 'entity', title: t.entity, dataIndex: 'entity', render: (e: ShopImportEntity) => t.entities[e] },
        { key: 'fileName', title: t.file, dataIndex: 'fileName', ellipsis: true },
        { key: 'status', title: t.status, dataIndex: 'status', render: (s: ShopImportStatus) => <ImportStatusTag status={s} /> },
        {
          key: 'result',
          title: t.result,
          render: (_: unknown, i: ShopImport) =>
            i.status === 'pending' || i.status === 'processing'
              ? t.progress(i.processed, i.total)
              : t.doneText(i.created, i.updated, i.skipped, i.errorCount),
        },
        { key: 'by', title: t.by, dataIndex: 'createdBy', render: (v: string | null) => v ?? '' },
        {
          key: 'actions',
          title: '',
          render: (_: unknown, i: ShopImport) =>
            i.revertible ? (
              <Button size="small" danger onClick={() => revert.ask(i)} aria-label={t.revertOf(i.fileName)}>
                {t.revert}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

/** The import card; `defaultIntegration`: the software the shop's settings name (integrations › importSource). */
export const ImportCard = withQueryScope(function ImportCard({
  defaultIntegration = 'default',
}: {
  defaultIntegration?: ShopImportIntegration;
}) {
  const t = useTexts();
  const [entity, setEntity] = useState<ShopImportEntity>('products');
  const [integration, setIntegration] = useState<ShopImportIntegration>(defaultIntegration);
  const [file, setFile] = useState<File | null>(null);
  // the owner saves another software in the settings above the card: the next file starts from it (a file already
  // being checked keeps the software chosen for it)
  const [followed, setFollowed] = useState(defaultIntegration);
  if (followed !== defaultIntegration) {
    setFollowed(defaultIntegration);
    if (!file) setIntegration(defaultIntegration);
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();

  const check = async (f: File, e: ShopImportEntity, i: ShopImportIntegration) => {
    setProblem(null);
    setRunId(null);
    preview.reset();
    if (!/\.(csv|xlsx)$/i.test(f.name)) return setProblem(t.badType);
    if (f.size > IMPORT_MAX_BYTES) return setProblem(t.tooBig);
    setFile(f);
    try {
      await preview.mutateAsync({ file: f, entity: e, integration: i });
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  const reset = () => {
    setFile(null);
    setRunId(null);
    setProblem(null);
    preview.reset();
  };
  const run = async () => {
    if (!file) return;
    setProblem(null);
    try {
      const started = await start.mutateAsync({ file, entity, integration });
      setRunId(started.id);
      preview.reset();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <Card title={t.importTitle}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0 }}>{t.importIntro}</Typography.Paragraph>
        <Flex wrap gap={16} align="end">
          <Flex vertical gap={4}>
            <Typography.Text id="shop-data-entity">{t.entity}</Typography.Text>
            <Radio.Group
              aria-labelledby="shop-data-entity"
              optionType="button"
              value={entity}
              disabled={preview.isPending || start.isPending}
              onChange={(ev) => {
                const next = ev.target.value as ShopImportEntity;
                setEntity(next);
                if (file && !runId) void check(file, next, integration);
              }}
              options={ENTITIES.map((e) => ({ value: e, label: t.entities[e] }))}
            />
          </Flex>
          <Flex vertical gap={4}>
            <Typography.Text id="shop-data-integration">{t.integration}</Typography.Text>
            <Select<ShopImportIntegration>
              aria-label={t.integration}
              style={{ minWidth: 200 }}
              value={integration}
              disabled={preview.isPending || start.isPending}
              options={INTEGRATION_NAMES.map((i) => ({ value: i.value, label: i.label }))}
              onChange={(next) => {
                setIntegration(next);
                if (file && !runId) void check(file, entity, next);
              }}
            />
          </Flex>
        </Flex>
        {!preview.data && !runId && (
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={preview.isPending}
            beforeUpload={(f) => {
              void check(f, entity, integration);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{preview.isPending ? t.checking : t.dropTitle}</p>
            <p className="ant-upload-hint">{t.dropHint}</p>
          </Upload.Dragger>
        )}
        {problem && <Alert type="error" showIcon role="alert" title={problem} />}
        {preview.data && !runId && (
          <PreviewResult preview={preview.data} starting={start.isPending} onStart={() => void run()} onOther={reset} />
        )}
        {runId && <RunProgress id={runId} onOther={reset} />}
        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
          {t.historyTitle}
        </Typography.Title>
        <ImportHistory />
      </Flex>
    </Card>
  );
});
