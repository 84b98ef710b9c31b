// The columns of a salespoint's tickets (also the phone cards and the CSV): ref (with the « hors ligne » tag of a
// ticket made offline), date and time, seller, kind (a refund names the ticket it refunds), total TTC, methods.
import { Tag } from 'antd';
import type { PosTicket } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import type { ColumnsFor } from 'shared-kernel/kit';
import { parisDateTime } from '../../format';
import type { useTexts } from '../../texts';
import { ParamLink } from '../url';
import type { ticketsList } from './filters';

type T = ReturnType<typeof useTexts>;

export function kindText(t: T, ticket: PosTicket): string {
  return ticket.kind === 'refund' && ticket.refundOf ? t.tickets.refundOf(ticket.refundOf.ref) : t.tickets.kinds[ticket.kind];
}

export function methodsText(t: T, ticket: PosTicket): string {
  return [...new Set(ticket.payments.map((p) => p.method))].map((m) => t.methodLabels[m]).join(', ');
}

export function ticketColumns(t: T): ColumnsFor<PosTicket, typeof ticketsList> {
  const c = t.tickets;
  return [
    {
      key: 'ref',
      title: c.ref,
      dataIndex: 'ref',
      sortKey: 'number',
      cardTitle: true,
      render: (ref: string, ticket) => (
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }}>
          <ParamLink changes={{ ticket: String(ticket.id) }}>{ref}</ParamLink>
          {ticket.offline && (
            <Tag color="orange" style={{ marginInlineEnd: 0 }}>
              {c.offline}
            </Tag>
          )}
        </span>
      ),
      csv: (ticket) => (ticket.offline ? `${ticket.ref} (${c.offline})` : ticket.ref),
    },
    {
      key: 'at',
      title: c.at,
      dataIndex: 'at',
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{parisDateTime(at)}</span>,
      csv: (ticket) => parisDateTime(ticket.at),
    },
    { key: 'seller', title: c.seller, dataIndex: 'seller' },
    {
      key: 'kind',
      title: c.kind,
      dataIndex: 'kind',
      render: (_: PosTicket['kind'], ticket) =>
        ticket.kind === 'refund' ? (
          <Tag color="volcano" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
            {kindText(t, ticket)}
          </Tag>
        ) : (
          kindText(t, ticket)
        ),
      csv: (ticket) => kindText(t, ticket),
    },
    {
      key: 'totalTTC',
      title: c.totalTTC,
      dataIndex: 'totalTTC',
      align: 'right',
      render: (total: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(total)}</span>,
      csv: (ticket) => ticket.totalTTC / 100,
    },
    {
      key: 'methods',
      title: c.methods,
      dataIndex: 'payments',
      render: (_: PosTicket['payments'], ticket) => methodsText(t, ticket),
      csv: (ticket) => methodsText(t, ticket),
    },
  ];
}
