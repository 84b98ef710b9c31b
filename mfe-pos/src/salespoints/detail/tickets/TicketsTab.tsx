// 'Tickets' (default tab): GET /pos/salespoints/:id/tickets on the kit's ResourceTable, its state in the URL (page,
// sort by number, the period from / to, the session of ?sessionId= when coming from the sessions tab). A row (click,
// Enter or its ref link) opens the ticket like a receipt in a drawer (?ticket=).
import { useMemo, type ReactNode } from 'react';
import { Button, Flex, Tag } from 'antd';
import type { SalesPoint } from 'shared-kernel/contracts';
import { ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { DatePicker } from 'shared-kernel/ui';
import { useTickets } from '../../salespoints.queries';
import { useTexts } from '../../texts';
import { useOpenParam } from '../url';
import { ticketColumns } from './columns';
import { ticketsList, type TicketsListState } from './filters';
import { TicketDrawer } from './TicketDrawer';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <label htmlFor={id}>{label}</label>
      {children}
    </Flex>
  );
}

function TicketFilters({ list }: { list: TicketsListState }) {
  const t = useTexts().tickets;
  const { from, to, sessionId } = list.state.filters;
  return (
    <Flex wrap gap={12} align="flex-end" role="group" aria-label={t.filters}>
      <Field id="tickets-from" label={t.from}>
        <span style={{ width: 150, display: 'block' }}>
          <DatePicker id="tickets-from" value={from ?? null} max={to} onChange={(v) => list.setFilter('from', v ?? undefined)} />
        </span>
      </Field>
      <Field id="tickets-to" label={t.to}>
        <span style={{ width: 150, display: 'block' }}>
          <DatePicker id="tickets-to" value={to ?? null} min={from} onChange={(v) => list.setFilter('to', v ?? undefined)} />
        </span>
      </Field>
      {sessionId !== undefined && (
        <Flex align="center" gap={4} style={{ minHeight: 32 }}>
          <Tag style={{ marginInlineEnd: 0 }}>{t.sessionFilter(sessionId)}</Tag>
          <Button type="link" size="small" onClick={() => list.setFilter('sessionId', undefined)}>
            {t.clearSession}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

export function TicketsTab({ salesPoint }: { salesPoint: SalesPoint }) {
  const t = useTexts();
  const list = useUrlListState(ticketsList);
  const query = useTickets(salesPoint.id, list.apiQuery);
  const columns = useMemo(() => ticketColumns(t), [t]);
  const opened = useOpenParam('ticket');
  const known = opened.id === null ? undefined : query.data?.items.find((x) => x.id === opened.id);
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.tickets.label}
        onRowOpen={(ticket) => opened.open(ticket.id)}
        scrollX={900}
        toolbar={<TicketFilters list={list} />}
        texts={{ empty: t.tickets.empty, emptyFiltered: t.tickets.emptyFiltered, total: t.tickets.total }}
      />
      <TicketDrawer salesPoint={salesPoint} id={opened.id} known={known} wait={query.isPending} onClose={opened.close} />
    </Flex>
  );
}
