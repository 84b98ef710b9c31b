// 'Clôtures': the 12 months of the fiscal year (GET /accounting/periods?year=): status Ouverte / Clôturée, entries,
// last export, history. 'Clôturer' a month that is over (owner, or iam with editAccountingCodes) after a confirmation
// saying what it freezes (and that the month was never exported, when so): POST /accounting/periods/:month/close.
// 'Rouvrir' a closed month, for the shop owner only, with a reason (./ReopenDialog.tsx).
import { useState } from 'react';
import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import UnlockOutlined from '@ant-design/icons/es/icons/UnlockOutlined';
import { Alert, Button, Empty, Flex, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AccountingPeriod } from 'shared-kernel/contracts';
import { currentShopId, formatDateTime, hasPermission } from 'shared-kernel/domain';
import { errorMessage } from 'shared-kernel/kit';
import { confirmPopup, notify, useSession } from 'shared-kernel/runtime';
import { FiscalYearPicker } from '../FiscalYearPicker';
import { monthLabel } from '../format';
import { useClosePeriod, usePeriods } from '../journals.queries';
import { useTexts } from '../texts';
import { ReopenDialog } from './ReopenDialog';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Who may close (owner, or iam with editAccountingCodes: the api's rule) and reopen (the owner only). */
function usePeriodRights() {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const owner = user?.role === 'owner';
  const canClose = owner || (user?.role === 'iam' && hasPermission(user, currentShopId(user, shop), 'editAccountingCodes'));
  return { canClose, canReopen: owner };
}

function History({ period }: { period: AccountingPeriod }) {
  const t = useTexts().periods;
  if (period.history.length === 0) return <Typography.Text type="secondary">{t.noHistory}</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
      {period.history.map((h, i) => (
        <li key={i}>
          {t.historyLine(h.action, formatDateTime(h.at), h.by)}
          {h.reason && <Typography.Text type="secondary"> — {h.reason}</Typography.Text>}
        </li>
      ))}
    </ul>
  );
}

function PeriodsTable({ year }: { year: number }) {
  const all = useTexts();
  const t = all.periods;
  const query = usePeriods(year);
  const close = useClosePeriod();
  const rights = usePeriodRights();
  const [reopening, setReopening] = useState<AccountingPeriod | null>(null);

  const askClose = (p: AccountingPeriod) => {
    const label = monthLabel(all, p.month);
    void confirmPopup({
      title: t.closeTitle(label),
      content: (
        <Flex vertical gap={12}>
          <span>{t.closeText(label)}</span>
          {p.exportedAt === null && <Alert type="warning" showIcon title={t.notExported2} />}
        </Flex>
      ),
      okText: t.close,
      onOk: async () => {
        try {
          const answer = await close.mutateAsync(p.month);
          notify.success(answer.message || t.closeDone(label));
        } catch (err) {
          notify.error(errorMessage(err));
          throw err;
        }
      },
    });
  };

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(query.error, all.loadError)}
        action={<Button onClick={() => void query.refetch()}>{all.retry}</Button>}
      />
    );
  if (query.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />;

  const columns: TableColumnsType<AccountingPeriod> = [
    { key: 'month', title: t.month, render: (_, p) => <strong style={nowrap}>{monthLabel(all, p.month)}</strong> },
    {
      key: 'status',
      title: t.status,
      render: (_, p) =>
        p.status === 'closed' ? (
          <Tag icon={<LockOutlined />} color="default">
            {t.statuses.closed}
          </Tag>
        ) : (
          <Tag icon={<CheckCircleOutlined />} color="green">
            {t.statuses.open}
          </Tag>
        ),
    },
    { key: 'entries', title: t.entries, dataIndex: 'entries', align: 'right' },
    {
      key: 'exportedAt',
      title: t.exportedAt,
      render: (_, p) =>
        p.exportedAt ? (
          <span style={nowrap}>{formatDateTime(p.exportedAt)}</span>
        ) : (
          <Typography.Text type="secondary">{t.notExported}</Typography.Text>
        ),
    },
    { key: 'history', title: t.history, render: (_, p) => <History period={p} /> },
    {
      key: 'actions',
      title: t.actions,
      render: (_, p) => {
        const label = monthLabel(all, p.month);
        if (p.status === 'open' && p.over && rights.canClose)
          return (
            <Button icon={<LockOutlined />} aria-label={t.closeOf(label)} onClick={() => askClose(p)}>
              {t.close}
            </Button>
          );
        if (p.status === 'closed' && rights.canReopen)
          return (
            <Button icon={<UnlockOutlined />} aria-label={t.reopenOf(label)} onClick={() => setReopening(p)}>
              {t.reopen}
            </Button>
          );
        if (p.status === 'open' && !p.over) return <Typography.Text type="secondary">{t.inProgress}</Typography.Text>;
        return null;
      },
    },
  ];

  return (
    <>
      <Table<AccountingPeriod>
        aria-label={t.label}
        size="small"
        rowKey="month"
        columns={columns}
        dataSource={query.data}
        pagination={false}
        scroll={{ x: 900 }}
        onRow={() => ({ 'data-testid': 'period-row' }) as never}
      />
      <ReopenDialog period={reopening} onClose={() => setReopening(null)} />
    </>
  );
}

export function PeriodsTab() {
  const t = useTexts().periods;
  return (
    <FiscalYearPicker id="periods-year">
      {(year) => (
        <Flex vertical gap={12} style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{t.intro}</Typography.Text>
          <PeriodsTable year={year.year} />
        </Flex>
      )}
    </FiscalYearPicker>
  );
}
