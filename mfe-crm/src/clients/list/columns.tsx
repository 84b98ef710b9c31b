// The columns of the two lists of /dashboard/clients (table on desktop, cards on phones), built from the texts of the
// page language.
import { Tag, Typography } from 'antd';
import type { PriceGridRequestItem, ShopClient } from 'shared-kernel/contracts';
import { formatDate, formatDateTime } from 'shared-kernel/domain';
import type { ColumnsFor } from 'shared-kernel/kit';
import type { ClientsTexts } from '../texts';
import type { clientsList, requestsList } from './filters';
import { RequestDecision, type TypologyOption } from './RequestDecision';

const tel = (phone: string) => `tel:${phone.replace(/\s/g, '')}`;

function Email({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} style={{ overflowWrap: 'anywhere' }}>
      {email}
    </a>
  );
}

function Phone({ phone, none }: { phone: string | null; none: string }) {
  return phone ? (
    <a href={tel(phone)} style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </a>
  ) : (
    <>{none}</>
  );
}

/** The pending requests; the decision column only for an account allowed to decide. */
export function requestColumns(
  t: ClientsTexts,
  decide: { typologies: readonly TypologyOption[] } | null,
): ColumnsFor<PriceGridRequestItem, typeof requestsList> {
  const columns: ColumnsFor<PriceGridRequestItem, typeof requestsList> = [
    {
      key: 'name',
      title: t.name,
      dataIndex: ['requester', 'name'],
      cardTitle: true,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { key: 'company', title: t.company, dataIndex: 'company', render: (company: string | null) => company || t.none },
    { key: 'email', title: t.email, dataIndex: ['requester', 'email'], render: (email: string) => <Email email={email} /> },
    {
      key: 'phone',
      title: t.phone,
      dataIndex: ['requester', 'phone'],
      render: (phone: string | null) => <Phone phone={phone} none={t.none} />,
    },
    {
      key: 'createdAt',
      title: t.date,
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d)}</span>,
    },
  ];
  if (decide) {
    columns.push({
      key: 'decision',
      title: t.typology,
      csv: false,
      width: 360,
      render: (_: unknown, r) => <RequestDecision request={r} typologies={decide.typologies} />,
    });
  }
  return columns;
}

export function clientColumns(t: ClientsTexts): ColumnsFor<ShopClient, typeof clientsList> {
  return [
    {
      key: 'name',
      title: t.name,
      dataIndex: 'name',
      cardTitle: true,
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    { key: 'company', title: t.company, dataIndex: 'company', render: (company: string | null) => company || t.none },
    {
      key: 'email',
      title: t.email,
      dataIndex: 'email',
      render: (email: string, c) => (
        <>
          <Email email={email} />
          {c.phone ? (
            <>
              {' · '}
              <Phone phone={c.phone} none={t.none} />
            </>
          ) : null}
        </>
      ),
    },
    {
      key: 'typology',
      title: t.typology,
      dataIndex: 'typologyName',
      render: (_: unknown, c) => <Tag>{c.typologyName ?? c.typology ?? t.none}</Tag>,
    },
    {
      key: 'since',
      title: t.since,
      dataIndex: 'since',
      sortKey: 'since',
      render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(d)}</span>,
    },
  ];
}
