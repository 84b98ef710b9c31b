import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Space } from 'antd';
import type { TariffChanges, TariffFilter, TariffTypology } from 'shared-kernel/contracts';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { NumberInput } from 'shared-kernel/ui';
import { useIncrease } from '../tariffs.queries';
import { useTexts } from '../texts';
import { ChangesList } from './ChangesList';

export type IncreaseScope = { kind: 'selection'; formatIds: number[]; clear: () => void } | { kind: 'filter'; filter: TariffFilter };

/** A percentage (rounded to the cent by the api) on chosen typologies of the selection or of the filter: preview, then apply. */
export function IncreaseDialog({
  scope,
  typologies,
  onClose,
}: {
  scope: IncreaseScope;
  typologies: TariffTypology[];
  onClose: () => void;
}) {
  const t = useTexts();
  const increase = useIncrease();
  const [percent, setPercent] = useState<number | null>(null);
  const [chosen, setChosen] = useState<string[]>(typologies.map((ty) => ty.id));
  const [preview, setPreview] = useState<TariffChanges | null>(null);
  const [error, setError] = useState<string | null>(null);
  const body = () => ({
    ...(scope.kind === 'selection' ? { formatIds: scope.formatIds } : { filter: scope.filter }),
    typologies: chosen,
    percent: percent ?? 0,
  });
  const run = async (apply: boolean) => {
    setError(null);
    try {
      const r = await increase.mutateAsync({ ...body(), preview: !apply });
      if (!apply) setPreview(r);
      else {
        notify.success(r.message ?? t.saved);
        if (scope.kind === 'selection') scope.clear();
        onClose();
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const ready = percent !== null && percent !== 0 && chosen.length > 0;
  return (
    <Modal
      open
      title={t.increaseTitle}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t.close}</Button>
          <Button disabled={!ready} loading={increase.isPending && !preview} onClick={() => run(false)}>
            {t.preview}
          </Button>
          <Button
            type="primary"
            disabled={!ready || !preview?.changes.length}
            loading={increase.isPending && !!preview}
            onClick={() => run(true)}
          >
            {t.apply}
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>{scope.kind === 'selection' ? t.increaseScopeSelection(scope.formatIds.length) : t.increaseScopeFilter}</p>
        <label style={{ display: 'grid', gap: 4 }}>
          <span>{t.percent}</span>
          <NumberInput
            aria-label={t.percent}
            value={percent}
            min={-90}
            max={500}
            precision={2}
            suffix="%"
            style={{ width: 160 }}
            onChange={(v) => {
              setPercent(typeof v === 'number' ? v : null);
              setPreview(null);
            }}
          />
          <small style={{ color: '#666' }}>{t.percentHelp}</small>
        </label>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 4 }}>{t.typologies}</legend>
          <Checkbox.Group
            value={chosen}
            options={typologies.map((ty) => ({ value: ty.id, label: t.column(ty.name, ty.ttc) }))}
            onChange={(v) => {
              setChosen(v as string[]);
              setPreview(null);
            }}
          />
        </fieldset>
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        {preview && <ChangesList changes={preview.changes} typologies={typologies} />}
      </div>
    </Modal>
  );
}
