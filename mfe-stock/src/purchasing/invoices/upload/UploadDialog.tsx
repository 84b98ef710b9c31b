// Reception of suppliers' e-invoices by hand: files dropped or chosen, sent one after the other; each one is received
// (link to it) or refused with the api's French message and the EN 16931 rules it breaks.
import { useRef, useState } from 'react';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { Alert, Button, Flex, Modal, Progress, Spin, Typography, Upload } from 'antd';
import type { SupplierInvoiceFinding } from 'shared-kernel/contracts';
import { errorMessage } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { ApiError } from 'shared-kernel/runtime';
import { useUploadSupplierInvoice } from '../invoices.queries';
import { useTexts } from '../texts';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.pdf,.xml,application/pdf,application/xml,text/xml';

interface Sent {
  key: string;
  name: string;
  state: 'sending' | 'received' | 'refused';
  id?: number;
  number?: string;
  message?: string;
  findings?: SupplierInvoiceFinding[];
}

const findingsOf = (err: unknown): SupplierInvoiceFinding[] => {
  const body = err instanceof ApiError ? (err.body as { findings?: unknown } | undefined) : undefined;
  return Array.isArray(body?.findings) ? (body.findings as SupplierInvoiceFinding[]) : [];
};

export function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTexts();
  const upload = useUploadSupplierInvoice();
  const [sent, setSent] = useState<Sent[]>([]);
  const queue = useRef(Promise.resolve());
  const patch = (key: string, next: Partial<Sent>) => setSent((all) => all.map((s) => (s.key === key ? { ...s, ...next } : s)));

  const send = (file: File) => {
    const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`;
    if (file.size > MAX_FILE_BYTES) {
      setSent((all) => [...all, { key, name: file.name, state: 'refused', message: t.tooBig(file.name) }]);
      return;
    }
    setSent((all) => [...all, { key, name: file.name, state: 'sending' }]);
    // one at a time: the api checks each file against the others (duplicates)
    queue.current = queue.current.then(async () => {
      try {
        const saved = await upload.mutateAsync(file);
        patch(key, { state: 'received', id: saved.id, number: saved.number, message: saved.message });
      } catch (err) {
        patch(key, { state: 'refused', message: errorMessage(err), findings: findingsOf(err) });
      }
    });
  };

  const done = sent.filter((s) => s.state !== 'sending').length;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t.uploadTitle}
      width={720}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t.close}</Button>}
    >
      <Flex vertical gap={16}>
        <Upload.Dragger
          accept={ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={(f) => {
            send(f);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t.dropTitle}</p>
          <p className="ant-upload-hint">{t.dropHint}</p>
        </Upload.Dragger>
        {sent.length > 0 && (
          <Progress
            percent={Math.round((done / sent.length) * 100)}
            status={done < sent.length ? 'active' : 'normal'}
            aria-label={t.sending}
          />
        )}
        <ul aria-label={t.uploadTitle} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {sent.map((s) => (
            <li key={s.key}>
              {s.state === 'sending' && (
                <Flex gap={8} align="center">
                  <Spin size="small" />
                  <Typography.Text>
                    {s.name} — {t.sending}
                  </Typography.Text>
                </Flex>
              )}
              {s.state === 'received' && (
                <Alert
                  type="success"
                  showIcon
                  role="status"
                  title={`${s.name} — ${t.received} (${s.number})`}
                  action={<Link to={`/dashboard/purchases/invoices/${s.id}`}>{t.open}</Link>}
                />
              )}
              {s.state === 'refused' && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={`${s.name} — ${t.refused}`}
                  description={
                    s.findings?.length ? (
                      <>
                        <div>{t.rules}</div>
                        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                          {s.findings.map((f, i) => (
                            <li key={`${f.rule}-${i}`}>{f.message}</li>
                          ))}
                        </ul>
                      </>
                    ) : (
                      s.message
                    )
                  }
                />
              )}
            </li>
          ))}
        </ul>
      </Flex>
    </Modal>
  );
}
