// The columns of the entries list (table, phone cards and CSV): N° (with a lock when its month is closed), date,
// journal, pièce, libellé, montant, lettrage, and a button opening the entry's lines.
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import { Button, Tooltip, Typography } from 'antd';
import type { AccountingEntry } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import type { ColumnsFor } from 'shared-kernel/kit';
import type { useTexts } from '../texts';
import type { entriesList } from './filters';

const nowrap = { whiteSpace: 'nowrap' } as const;
const euros = (cents: number) => cents / 100;

export function letteringText(t: ReturnType<typeof useTexts>, e: Pick<AccountingEntry, 'lettering' | 'letteringDate'>): string {
  return e.lettering ? t.entry.letteringOf(e.lettering, formatDate(e.letteringDate)) : '';
}

export function entryColumns(
  t: ReturnType<typeof useTexts>,
  onOpen: (e: AccountingEntry) => void,
): ColumnsFor<AccountingEntry, typeof entriesList> {
  const c = t.entries;
  return [
    {
      key: 'num',
      title: c.num,
      dataIndex: 'ref',
      sortKey: 'num',
      cardTitle: true,
      render: (ref: string, e) => (
        <span style={nowrap}>
          {ref}
          {e.closed && (
            <Tooltip title={c.closed}>
              <LockOutlined
                role="img"
                aria-label={c.closed}
                style={{ marginInlineStart: 6, color: '#8c8c8c' }}
                data-testid="entry-closed"
              />
            </Tooltip>
          )}
        </span>
      ),
      csv: (e) => e.ref,
    },
    {
      key: 'date',
      title: c.date,
      dataIndex: 'date',
      sortKey: 'date',
      render: (d: string) => <span style={nowrap}>{formatDate(d)}</span>,
      csv: (e) => formatDate(e.date),
    },
    {
      key: 'journal',
      title: c.journal,
      dataIndex: 'journalCode',
      render: (code: string, e) => (
        <span style={nowrap}>
          <strong>{code}</strong>{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.journalLabel}
          </Typography.Text>
        </span>
      ),
      csv: (e) => e.journalCode,
    },
    { key: 'piece', title: c.piece, dataIndex: 'pieceRef', render: (p: string) => <span style={nowrap}>{p}</span> },
    {
      key: 'label',
      title: c.label,
      dataIndex: 'label',
      render: (label: string, e) => (
        <span>
          {label}
          {e.client && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {e.client.name}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'amount',
      title: c.amount,
      dataIndex: 'amount',
      align: 'right',
      render: (a: number) => <span style={nowrap}>{formatCents(a)}</span>,
      csv: (e) => euros(e.amount),
    },
    {
      key: 'lettering',
      title: c.lettering,
      dataIndex: 'lettering',
      render: (_: string | null, e) => (e.lettering ? <span style={nowrap}>{letteringText(t, e)}</span> : t.none),
      csv: (e) => letteringText(t, e),
    },
    {
      key: 'open',
      title: '',
      width: 56,
      hideOnCard: true,
      csv: false,
      render: (_: unknown, e) => <Button type="text" icon={<EyeOutlined />} aria-label={c.open(e.ref)} onClick={() => onOpen(e)} />,
    },
  ];
}
