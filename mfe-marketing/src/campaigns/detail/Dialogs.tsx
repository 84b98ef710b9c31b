// The dialogs of a campaign's page: a test to chosen addresses (the §5 email-recipient picker), the date of a
// scheduled sending.
import { useState } from 'react';
import { Alert, Modal, Typography } from 'antd';
import { errorMessage } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { EmailRecipientPicker } from 'shared-kernel/ui';
import { emailRecipientsSchema } from 'shared-kernel/validation';
import { useCampaignAction } from '../campaigns.queries';
import { useTexts } from '../texts';

export function TestDialog({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const t = useTexts().detail;
  const action = useCampaignAction();
  const [emails, setEmails] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setTried(true);
    setError(null);
    if (!emailRecipientsSchema.safeParse(emails).success) return;
    try {
      const res = await action.mutateAsync({ id: campaignId, action: 'test', body: { emails } });
      notify.success(res.message ?? t.testSend);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Modal
      open
      title={t.testTitle}
      okText={t.testSend}
      cancelText={t.cancel2}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={action.isPending}
    >
      <Typography.Paragraph>{t.testIntro}</Typography.Paragraph>
      <EmailRecipientPicker value={emails} onChange={setEmails} showEmptyError={tried} />
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}

/** 'YYYY-MM-DDTHH:mm' of a datetime-local input (local time) → ISO, or null. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function ScheduleDialog({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const t = useTexts().detail;
  const action = useCampaignAction();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const iso = localToIso(value);
    if (!iso || new Date(iso).getTime() <= Date.now()) {
      setError(t.scheduleInvalid);
      return;
    }
    try {
      const res = await action.mutateAsync({ id: campaignId, action: 'schedule', body: { scheduledAt: iso } });
      notify.success(t.scheduled(new Date(res.scheduledAt ?? iso).toLocaleString('fr-FR', { dateStyle: 'short', timeStyle: 'short' })));
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Modal
      open
      title={t.scheduleTitle}
      okText={t.schedule}
      cancelText={t.cancel2}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={action.isPending}
    >
      <label htmlFor="campaign-schedule-at" style={{ display: 'block', marginBottom: 4 }}>
        {t.scheduleAt}
      </label>
      <input
        id="campaign-schedule-at"
        type="datetime-local"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        aria-invalid={!!error}
        aria-describedby={error ? 'campaign-schedule-error' : undefined}
        style={{ padding: 6, border: '1px solid #d9d9d9', borderRadius: 6 }}
      />
      {error && (
        <Typography.Text type="danger" role="alert" id="campaign-schedule-error" style={{ display: 'block', marginTop: 8 }}>
          {error}
        </Typography.Text>
      )}
    </Modal>
  );
}
