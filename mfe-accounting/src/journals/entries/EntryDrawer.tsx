// The lines of an entry, in a drawer (full width on phones): its date, journal, piece, client and lettering, a
// 'Voir le document' link to what it was generated from, and the lines (compte, compte auxiliaire, libellé, débit,
// crédit) with their totals.
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import { Alert, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { AccountingEntry, AccountingEntryLine } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { EditDrawer, LinkButton } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { letteringText } from './columns';

const nowrap = { whiteSpace: 'nowrap' } as const;
type Line = AccountingEntryLine & { key: number };

function EntryLines({ entry }: { entry: AccountingEntry }) {
  const t = useTexts().entry;
  const columns: TableColumnsType<Line> = [
    {
      key: 'account',
      title: t.account,
      render: (_, l) => (
        <span>
          <strong style={nowrap}>{l.account}</strong>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {l.accountLabel}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'auxiliary',
      title: t.auxiliary,
      render: (_, l) =>
        l.auxiliary ? (
          <span>
            <span style={nowrap}>{l.auxiliary}</span>
            {l.auxiliaryLabel && (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {l.auxiliaryLabel}
              </Typography.Text>
            )}
          </span>
        ) : null,
    },
    { key: 'label', title: t.label, dataIndex: 'label' },
    {
      key: 'debit',
      title: t.debit,
      dataIndex: 'debit',
      align: 'right',
      render: (v: number) => (v ? <span style={nowrap}>{formatCents(v)}</span> : ''),
    },
    {
      key: 'credit',
      title: t.credit,
      dataIndex: 'credit',
      align: 'right',
      render: (v: number) => (v ? <span style={nowrap}>{formatCents(v)}</span> : ''),
    },
  ];
  const debit = entry.lines.reduce((n, l) => n + l.debit, 0);
  const credit = entry.lines.reduce((n, l) => n + l.credit, 0);
  return (
    <Table<Line>
      aria-label={t.lines}
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={entry.lines.map((l, key) => ({ ...l, key }))}
      pagination={false}
      scroll={{ x: 600 }}
      onRow={() => ({ 'data-testid': 'entry-line' }) as never}
      summary={() => (
        <Table.Summary.Row data-testid="entry-lines-total">
          <Table.Summary.Cell index={0} colSpan={3}>
            <strong>{t.total}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            <strong style={nowrap}>{formatCents(debit)}</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <strong style={nowrap}>{formatCents(credit)}</strong>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

export function EntryDrawer({ entry, onClose }: { entry: AccountingEntry | null; onClose: () => void }) {
  const all = useTexts();
  const t = all.entry;
  const info = entry
    ? [
        { label: t.date, value: formatDate(entry.date) },
        { label: t.journal, value: `${entry.journalCode} — ${entry.journalLabel}` },
        { label: t.piece, value: t.pieceOf(entry.pieceRef, formatDate(entry.pieceDate)) },
        ...(entry.client ? [{ label: t.client, value: entry.client.name }] : []),
        { label: t.lettering, value: entry.lettering ? letteringText(all, entry) : t.notLettered },
        ...(entry.validDate ? [{ label: t.validDate, value: formatDate(entry.validDate) }] : []),
      ]
    : [];
  return (
    <EditDrawer open={entry !== null} title={entry ? t.title(entry.ref) : ''} onClose={onClose} width={760}>
      {entry && (
        <Flex vertical gap={16} data-testid="entry-detail">
          <Typography.Text strong>{entry.label}</Typography.Text>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px' }}>
            {info.map((i) => (
              <div key={i.label} style={{ display: 'contents' }}>
                <dt style={{ color: 'var(--ant-color-text-description, #595959)' }}>{i.label}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{i.value}</dd>
              </div>
            ))}
          </dl>
          {entry.closed && <Alert type="info" showIcon icon={<LockOutlined />} title={t.closed} />}
          <div>
            <LinkButton to={entry.source.path} icon={<FileTextOutlined />}>
              {t.source}
            </LinkButton>
          </div>
          <EntryLines entry={entry} />
        </Flex>
      )}
    </EditDrawer>
  );
}
