import { useId, useState } from 'react';
import { Alert, Button, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { SalesPoint } from 'shared-kernel/contracts';
import { toCents } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { ApiError, notify } from 'shared-kernel/runtime';
import { NumberInput } from 'shared-kernel/ui';
import { salesPointKeys, useOpenSession } from './pos.queries';
import { useTexts } from './texts';

/** « Ouvrir la caisse »: the cash float in euros, sent in cents (POST /pos/salespoints/:id/sessions). */
export function OpenSessionPanel({ salesPoint }: { salesPoint: SalesPoint }) {
  const t = useTexts();
  const id = useId();
  const client = useQueryClient();
  const open = useOpenSession(salesPoint.id);
  const [euros, setEuros] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);

  const submit = async () => {
    const value = euros ?? 0;
    if (!Number.isFinite(value) || value < 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    try {
      await open.mutateAsync(toCents(value));
      notify.success(t.open.opened);
    } catch (error) {
      // 409: a session was opened meanwhile (another till): reload the salespoint to join it
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: salesPointKeys.all });
    }
  };

  return (
    <div className="wz-till-open">
      <Card title={<h1 className="wz-till-h1">{`${t.open.title} · ${salesPoint.name}`}</h1>}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>{t.open.intro}</p>
          <label htmlFor={`${id}-float`} className="wz-till-label">
            {t.open.float}
          </label>
          <NumberInput
            id={`${id}-float`}
            size="large"
            min={0}
            precision={2}
            step={1}
            value={euros}
            onChange={(v) => setEuros(typeof v === 'number' ? v : null)}
            aria-describedby={`${id}-help`}
            aria-invalid={invalid || undefined}
            style={{ width: '100%' }}
            autoFocus
          />
          <div id={`${id}-help`} className="wz-till-help">
            {invalid ? t.open.floatInvalid : t.open.floatHelp}
          </div>
          {open.isError && (
            <Alert type="error" showIcon role="alert" title={errorMessage(open.error, t.genericError)} style={{ marginTop: 12 }} />
          )}
          <Button type="primary" size="large" htmlType="submit" block loading={open.isPending} style={{ marginTop: 16 }}>
            {t.open.submit}
          </Button>
        </form>
      </Card>
    </div>
  );
}
