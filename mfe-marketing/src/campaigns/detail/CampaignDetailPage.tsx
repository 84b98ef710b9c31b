// /dashboard/crm/campaigns/:id (createCampaign): a campaign — its figures and rates, its settings, the email as it
// is sent (in a sandboxed frame: no script, no form, no navigation), the recipients and their status; a test, sending
// now, scheduling, cancelling a scheduled sending, editing and deleting while it is not sent.
import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Skeleton, Statistic } from 'antd';
import { formatDateTime } from 'shared-kernel/domain';
import {
  DetailLayout,
  DetailSection,
  EditDrawer,
  errorMessage,
  QueryBoundary,
  useEditDrawer,
  useIdParam,
  withQueryScope,
  useAction,
  useDeleteAction,
} from 'shared-kernel/kit';
import { useCampaign, useCampaignAction, useCampaignPreview, useDeleteCampaign, type CampaignDetail } from '../campaigns.queries';
import { CampaignForm } from '../form/CampaignForm';
import { CampaignStatusTag } from '../list/columns';
import { useTexts } from '../texts';
import { ScheduleDialog, TestDialog } from './Dialogs';
import { RecipientsTable } from './RecipientsTable';

function Figures({ c }: { c: CampaignDetail }) {
  const t = useTexts().detail;
  const s = c.stats;
  const items: Array<[string, number, string | null]> = [
    [t.recipients, s.recipients, null],
    [t.delivered, s.delivered, null],
    [t.opened, s.opened, t.rate(s.openRate)],
    [t.clicked, s.clicked, t.rate(s.clickRate)],
    [t.unsubscribed, s.unsubscribed, t.rate(s.unsubscribeRate)],
    [t.failed, s.failed + s.bounced, s.bounced ? `${t.bounced} : ${s.bounced}` : null],
  ];
  if (s.queued) items.splice(1, 0, [t.queued, s.queued, null]);
  return (
    <Flex wrap gap={24} role="list" aria-label={t.figures}>
      {items.map(([label, value, extra]) => (
        <div key={label} role="listitem" style={{ minWidth: 110 }}>
          <Statistic title={label} value={value} />
          {extra && <span style={{ color: '#555', fontSize: 12 }}>{extra}</span>}
        </div>
      ))}
    </Flex>
  );
}

function EmailPreview({ c }: { c: CampaignDetail }) {
  const t = useTexts().detail;
  const query = useCampaignPreview(c.id, c.updatedAt);
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(query.error)} />;
  return (
    <iframe
      title={t.emailFrame}
      sandbox=""
      srcDoc={query.data.html}
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 600, border: '1px solid #eee', borderRadius: 6, background: '#fff' }}
    />
  );
}

export default withQueryScope(function CampaignDetailPage() {
  const tx = useTexts();
  const t = tx.detail;
  const id = useIdParam();
  const query = useCampaign(id);
  const edit = useEditDrawer();
  const action = useCampaignAction();
  const remove = useDeleteCampaign();
  const [dialog, setDialog] = useState<'test' | 'schedule' | null>(null);
  const sending = useAction({
    run: (campaignId: number) => action.mutateAsync({ id: campaignId, action: 'send' }),
    confirm: { title: t.sendTitle, content: t.sendContent, okText: t.send },
    success: t.sending,
  });
  const cancelling = useAction({
    run: (campaignId: number) => action.mutateAsync({ id: campaignId, action: 'cancel' }),
    success: t.cancelled,
  });
  const deleting = useDeleteAction({
    run: (campaignId: number) => remove.mutateAsync(campaignId),
    title: t.deleteTitle,
    content: t.deleteContent,
    okText: t.delete,
    success: t.deleted,
    backTo: '/dashboard/crm/campaigns',
  });

  return (
    <QueryBoundary
      query={query}
      missing={id === null}
      notFound={{ backTo: '/dashboard/crm/campaigns', backLabel: tx.back, title: tx.notFound }}
    >
      {(c) => {
        const sendNow = () => void sending.run(c.id);
        const del = () => void deleting.run(c.id);
        return (
          <DetailLayout
            title={c.name}
            backTo="/dashboard/crm/campaigns"
            backLabel={tx.back}
            actions={
              <>
                <Button onClick={() => setDialog('test')}>{t.test}</Button>
                {c.actions.send && (
                  <Button type="primary" onClick={sendNow} loading={sending.pending || cancelling.pending}>
                    {t.send}
                  </Button>
                )}
                {c.actions.schedule && <Button onClick={() => setDialog('schedule')}>{t.schedule}</Button>}
                {c.actions.cancel && <Button onClick={() => void cancelling.run(c.id)}>{t.cancel}</Button>}
                {c.actions.edit && <Button onClick={() => edit.open()}>{t.edit}</Button>}
                {c.actions.delete && (
                  <Button danger onClick={del}>
                    {t.delete}
                  </Button>
                )}
              </>
            }
            side={
              <DetailSection title={t.campaign}>
                <CampaignStatusTag status={c.status} />
                <Descriptions
                  size="small"
                  column={1}
                  style={{ marginTop: 8 }}
                  items={[
                    { key: 'subject', label: t.subject, children: c.subject },
                    { key: 'preview', label: t.previewText, children: c.previewText || t.none },
                    { key: 'model', label: t.model, children: c.modelName ?? t.none },
                    { key: 'lists', label: t.lists, children: c.lists.map((l) => l.name).join(', ') || t.none },
                    ...(c.scheduledAt && c.status === 'scheduled'
                      ? [{ key: 'at', label: t.scheduledAt, children: formatDateTime(c.scheduledAt) }]
                      : []),
                    ...(c.startedAt ? [{ key: 'start', label: t.startedAt, children: formatDateTime(c.startedAt) }] : []),
                    ...(c.sentAt ? [{ key: 'sent', label: t.sentAt, children: formatDateTime(c.sentAt) }] : []),
                  ]}
                />
              </DetailSection>
            }
          >
            <DetailSection title={t.figures}>
              <Figures c={c} />
            </DetailSection>
            <DetailSection title={t.email}>
              <EmailPreview c={c} />
            </DetailSection>
            <DetailSection title={t.recipients}>
              <RecipientsTable campaignId={c.id} live={c.status === 'sending'} />
            </DetailSection>
            <EditDrawer {...edit.props} title={tx.form.editTitle}>
              <CampaignForm campaign={c} onDone={edit.close} />
            </EditDrawer>
            {dialog === 'test' && <TestDialog campaignId={c.id} onClose={() => setDialog(null)} />}
            {dialog === 'schedule' && <ScheduleDialog campaignId={c.id} onClose={() => setDialog(null)} />}
          </DetailLayout>
        );
      }}
    </QueryBoundary>
  );
});
