// The reason dialog of a suspension (POST /v1/admin/shops/:id/suspend { reason }): the reason is required; the api's
// refusal shows under the field (a 400 naming `reason`) or above the buttons (409, 404…).
import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { notify } from 'shared-kernel/runtime';
import { useSuspendShop, type AdminShop } from './console.queries';
import { useTexts } from './console.texts';

export function SuspendShopDialog({ shop, onClose }: { shop: AdminShop | null; onClose(): void }) {
  const t = useTexts();
  const suspend = useSuspendShop();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setFieldError(null);
    setError(null);
    suspend.reset();
    onClose();
  };
  const submit = async () => {
    if (!shop) return;
    if (!reason.trim()) return setFieldError(t.reasonNeeded);
    setFieldError(null);
    setError(null);
    try {
      const done = await suspend.mutateAsync({ id: shop.id, reason: reason.trim() });
      notify.success(done.message);
      close();
    } catch (err) {
      const e = err as { message?: string; field?: string };
      if (e.field === 'reason') setFieldError(e.message ?? t.reasonNeeded);
      else setError(e.message ?? t.loadError);
    }
  };

  return (
    <Modal
      open={shop !== null}
      title={shop ? t.suspendTitle(shop.name) : ''}
      okText={t.suspend}
      okButtonProps={{ danger: true, loading: suspend.isPending }}
      cancelText={t.cancel}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>{t.suspendText}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t.reason}
          htmlFor="suspend-reason"
          required
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError ? <span id="suspend-reason-error">{fieldError}</span> : undefined}
        >
          <Input.TextArea
            id="suspend-reason"
            value={reason}
            maxLength={500}
            rows={3}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'suspend-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
