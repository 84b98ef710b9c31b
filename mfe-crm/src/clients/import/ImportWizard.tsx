// The client import wizard: file → mapping (with the preview) → dry-run report → run (progress) → result
// with undo. Opened from the "Importer" action of /dashboard/clients.
import { useMemo, useState } from 'react';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { Alert, Button, Flex, Progress, Radio, Result, Select, Space, Steps, Switch, Table, Tag, Typography, Upload } from 'antd';
import {
  CLIENT_IMPORT_FIELDS,
  CLIENT_IMPORT_FIELD_LABELS,
  CLIENT_IMPORT_MAX_BYTES,
  type ClientImportDuplicates,
  type ClientImportField,
  type ClientImportLine,
  type ClientImportReport,
  type ClientImportUpload,
} from 'shared-kernel/contracts';
import { errorMessage, useAction } from 'shared-kernel/kit';
import { useClientImport, useDryRun, useRefreshAfterImport, useRevertImport, useStartImport, useUploadClientFile } from './imports.queries';
import { useTexts } from './texts';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ACTION_COLOURS = { create: 'green', merge: 'blue', skip: 'default', error: 'red' } as const;
const FIELD_OPTIONS = CLIENT_IMPORT_FIELDS.map((f) => ({ value: f, label: CLIENT_IMPORT_FIELD_LABELS[f] }));

type Mapping = Record<string, ClientImportField | ''>;

function FileStep({ onUploaded }: { onUploaded: (u: ClientImportUpload) => void }) {
  const t = useTexts();
  const upload = useUploadClientFile();
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (file: File) => {
    setProblem(null);
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setProblem(t.badType);
    if (file.size > CLIENT_IMPORT_MAX_BYTES) return setProblem(t.tooBig);
    try {
      onUploaded(await upload.mutateAsync(file));
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  return (
    <Flex vertical gap={12}>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          void send(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{upload.isPending ? t.uploading : t.dropTitle}</p>
        <p className="ant-upload-hint">{t.dropHint}</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Flex>
  );
}

function MappingStep({
  upload,
  mapping,
  setMapping,
  duplicates,
  setDuplicates,
  onBack,
  onChecked,
}: {
  upload: ClientImportUpload;
  mapping: Mapping;
  setMapping: (m: Mapping) => void;
  duplicates: ClientImportDuplicates;
  setDuplicates: (d: ClientImportDuplicates) => void;
  onBack: () => void;
  onChecked: (r: ClientImportReport) => void;
}) {
  const t = useTexts();
  const dryRun = useDryRun();
  const [problem, setProblem] = useState<string | null>(null);
  const used = new Set(Object.values(mapping).filter(Boolean));
  const rows = upload.headers.map((h, i) => ({ key: h, header: h, example: upload.preview.find((r) => r[i])?.[i] ?? '', index: i }));
  const check = async () => {
    setProblem(null);
    if (!used.size) return setProblem(t.noMapping);
    try {
      onChecked(await dryRun.mutateAsync({ id: upload.import.id, body: { mapping, duplicates } }));
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  const previewColumns = upload.headers.map((h, i) => ({
    key: h,
    title: h,
    dataIndex: i,
    ellipsis: true,
    render: (_: unknown, r: { cells: string[] }) => r.cells[i],
  }));
  return (
    <Flex vertical gap={16}>
      <Typography.Text>{t.fileSummary(upload.import.filename, upload.import.total)}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 520 }}
        columns={[
          { key: 'header', title: t.column, dataIndex: 'header' },
          { key: 'example', title: t.example, dataIndex: 'example', ellipsis: true },
          {
            key: 'field',
            title: t.field,
            render: (_: unknown, r: { header: string }) => (
              <Select
                aria-label={t.fieldFor(r.header)}
                style={{ minWidth: 200, width: '100%' }}
                placeholder={t.ignore}
                allowClear
                value={mapping[r.header] || undefined}
                options={FIELD_OPTIONS.map((o) => ({ ...o, disabled: used.has(o.value) && mapping[r.header] !== o.value }))}
                onChange={(v: ClientImportField | undefined) => setMapping({ ...mapping, [r.header]: v ?? '' })}
              />
            ),
          },
        ]}
      />
      <Flex vertical gap={4}>
        <Typography.Text id="import-duplicates">{t.duplicates}</Typography.Text>
        <Radio.Group aria-labelledby="import-duplicates" value={duplicates} onChange={(e) => setDuplicates(e.target.value)}>
          <Radio value="merge">{t.duplicatesMerge}</Radio>
          <Radio value="skip">{t.duplicatesSkip}</Radio>
        </Radio.Group>
      </Flex>
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t.preview(upload.preview.length)}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        dataSource={upload.preview.map((cells, i) => ({ key: i, cells }))}
        columns={previewColumns}
        scroll={{ x: Math.max(600, upload.headers.length * 140), y: 300 }}
      />
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      <Space wrap>
        <Button onClick={onBack}>{t.back}</Button>
        <Button type="primary" loading={dryRun.isPending} onClick={() => void check()}>
          {t.check}
        </Button>
      </Space>
    </Flex>
  );
}

function LinesTable({ lines }: { lines: ClientImportLine[] }) {
  const t = useTexts();
  return (
    <Table
      size="small"
      rowKey="line"
      dataSource={lines}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 560 }}
      columns={[
        { key: 'line', title: t.line, dataIndex: 'line', width: 80 },
        {
          key: 'action',
          title: t.action,
          dataIndex: 'action',
          width: 110,
          render: (a: ClientImportLine['action']) => <Tag color={ACTION_COLOURS[a]}>{t.actions[a]}</Tag>,
        },
        { key: 'name', title: t.name, dataIndex: 'name' },
        {
          key: 'detail',
          title: t.detail,
          render: (_: unknown, l: ClientImportLine) =>
            l.message
              ? `${CLIENT_IMPORT_FIELD_LABELS[l.field as ClientImportField] ?? l.field ?? ''} : ${l.message}`
              : l.duplicateOf
                ? t.duplicateOf(l.duplicateOf)
                : '',
        },
      ]}
    />
  );
}

function CheckStep({
  report,
  onBack,
  onStart,
  starting,
}: {
  report: ClientImportReport;
  onBack: () => void;
  onStart: () => void;
  starting: boolean;
}) {
  const t = useTexts();
  const [onlyErrors, setOnlyErrors] = useState(report.error > 0);
  const lines = useMemo(() => (onlyErrors ? report.lines.filter((l) => l.action === 'error') : report.lines), [onlyErrors, report.lines]);
  const toDo = report.create + report.merge;
  return (
    <Flex vertical gap={16}>
      <Space wrap size="middle" aria-label="Bilan">
        {(['create', 'merge', 'skip', 'error'] as const).map((k) => (
          <Tag key={k} color={ACTION_COLOURS[k]} style={{ fontSize: 14, padding: '4px 8px' }}>
            {t.counts[k]} : {report[k]}
          </Tag>
        ))}
      </Space>
      <Space>
        <Switch checked={onlyErrors} onChange={setOnlyErrors} aria-label={t.onlyErrors} />
        <span>{t.onlyErrors}</span>
      </Space>
      <LinesTable lines={lines} />
      <Space wrap>
        <Button onClick={onBack}>{t.back}</Button>
        <Button type="primary" disabled={!toDo} loading={starting} onClick={onStart}>
          {toDo ? t.start(toDo) : t.nothingToDo}
        </Button>
      </Space>
    </Flex>
  );
}

function RunStep({ id, onClose, onAnother }: { id: number; onClose: () => void; onAnother: () => void }) {
  const t = useTexts();
  const query = useClientImport(id);
  const revert = useRevertImport();
  const reverting = useAction({
    run: (importId: number) => revert.mutateAsync(importId),
    confirm: { title: t.revertConfirm, content: t.revertText, okText: t.revert },
    success: (res) => res.message,
  });
  const refresh = useRefreshAfterImport();
  const imp = query.data;
  const [refreshed, setRefreshed] = useState(false);
  if (imp && imp.status !== 'processing' && !refreshed) {
    setRefreshed(true);
    void refresh();
  }
  if (query.isError) return <Alert type="error" showIcon role="alert" title={errorMessage(query.error)} />;
  if (!imp || imp.status === 'processing' || imp.status === 'pending') {
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
  const undo = () => void reverting.run(imp.id);
  return (
    <Flex vertical gap={16}>
      {imp.status === 'completed' && (
        <Result status="success" title={t.done} subTitle={t.doneText(imp.created, imp.merged, imp.skipped, imp.errorCount)} />
      )}
      {imp.status === 'reverted' && <Result status="info" title={t.reverted} />}
      {imp.status === 'error' && <Result status="error" title={t.failed} subTitle={imp.errors[0]?.message} />}
      {imp.status === 'completed' && imp.errors.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t.errorsTitle}
          </Typography.Title>
          <LinesTable lines={imp.errors.map((e) => ({ ...e, action: 'error' as const, name: '' }))} />
        </>
      )}
      <Space wrap>
        {imp.status === 'completed' && (
          <Button danger loading={reverting.pending} onClick={undo}>
            {t.revert}
          </Button>
        )}
        <Button onClick={onAnother}>{t.another}</Button>
        <Button type="primary" onClick={onClose}>
          {t.close}
        </Button>
      </Space>
    </Flex>
  );
}

/** The wizard; `onClose` when the user is done. */
export function ImportWizard({ onClose }: { onClose: () => void }) {
  const t = useTexts();
  const [upload, setUpload] = useState<ClientImportUpload | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [duplicates, setDuplicates] = useState<ClientImportDuplicates>('merge');
  const [report, setReport] = useState<ClientImportReport | null>(null);
  const [runId, setRunId] = useState<number | null>(null);
  const start = useStartImport();
  const [startError, setStartError] = useState<string | null>(null);
  const step = runId ? 3 : report ? 2 : upload ? 1 : 0;
  const reset = () => {
    setUpload(null);
    setReport(null);
    setRunId(null);
    setMapping({});
  };
  const run = async () => {
    if (!upload) return;
    setStartError(null);
    try {
      const started = await start.mutateAsync({ id: upload.import.id, body: { mapping, duplicates } });
      setRunId(started.id);
    } catch (err) {
      setStartError(errorMessage(err));
    }
  };
  return (
    <Flex vertical gap={16}>
      <Steps
        size="small"
        current={step}
        responsive
        items={[{ title: t.steps.upload }, { title: t.steps.mapping }, { title: t.steps.check }, { title: t.steps.run }]}
      />
      {step === 0 && (
        <FileStep
          onUploaded={(u) => {
            setUpload(u);
            setMapping(u.suggestedMapping);
          }}
        />
      )}
      {step === 1 && upload && (
        <MappingStep
          upload={upload}
          mapping={mapping}
          setMapping={setMapping}
          duplicates={duplicates}
          setDuplicates={setDuplicates}
          onBack={reset}
          onChecked={setReport}
        />
      )}
      {step === 2 && report && (
        <>
          <CheckStep report={report} onBack={() => setReport(null)} onStart={() => void run()} starting={start.isPending} />
          {startError && <Alert type="error" showIcon title={startError} role="alert" />}
        </>
      )}
      {step === 3 && runId && <RunStep id={runId} onClose={onClose} onAnother={reset} />}
    </Flex>
  );
}
