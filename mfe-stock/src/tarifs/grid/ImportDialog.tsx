import { useState } from 'react';
import { Alert, Button, Modal, Space } from 'antd';
import type { TariffImportBody, TariffImportResult, TariffTypology } from 'shared-kernel/contracts';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { fileToBase64, useImportApply, useImportPreview } from '../tariffs.queries';
import { useTexts } from '../texts';
import { ChangesList } from './ChangesList';

/** Import of a CSV/XLSX price file: the api's preview (old → new per cell, errors per line), then one transaction. */
export function ImportDialog({ typologies, onClose }: { typologies: TariffTypology[]; onClose: () => void }) {
  const t = useTexts();
  const preview = useImportPreview();
  const apply = useImportApply();
  const [file, setFile] = useState<TariffImportBody | null>(null);
  const [result, setResult] = useState<TariffImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (f: File | undefined) => {
    setResult(null);
    setError(null);
    if (!f) return;
    try {
      const body = { filename: f.name, content: await fileToBase64(f) };
      setFile(body);
      setResult(await preview.mutateAsync(body));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const run = async () => {
    if (!file) return;
    try {
      const r = await apply.mutateAsync(file);
      notify.success(r.message ?? t.saved);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const errors = result?.errors ?? [];
  return (
    <Modal
      open
      title={t.importTitle}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t.close}</Button>
          <Button type="primary" disabled={!result || errors.length > 0 || !result.changes.length} loading={apply.isPending} onClick={run}>
            {t.importApply}
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>{t.importHelp}</p>
        <label style={{ display: 'grid', gap: 4 }}>
          <span>{t.fileLabel}</span>
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {preview.isPending && <p role="status">…</p>}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t.importErrors(errors.length)}
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {errors.map((e, i) => (
                  <li key={i}>{t.lineError(e.line, e.message)}</li>
                ))}
              </ul>
            }
          />
        )}
        {result && <ChangesList changes={result.changes} typologies={typologies} />}
      </div>
    </Modal>
  );
}
