import { Tag } from 'antd';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import type { EventSummary } from './events.queries';
import type { eventsList } from './filters';
import { slotLabel } from './format';
import { texts as t } from './texts';

export const eventColumns: ColumnsFor<EventSummary, typeof eventsList> = [
  {
    key: 'title',
    title: t.columns.title,
    dataIndex: 'title',
    sortKey: 'title',
    cardTitle: true,
    render: (title: string, e) => <RowLink to={`/dashboard/reservations/events/${e.id}`}>{title}</RowLink>,
  },
  {
    key: 'nextSlot',
    title: t.columns.nextSlot,
    dataIndex: 'nextSlot',
    render: (s: EventSummary['nextSlot']) => (s ? slotLabel(s, t.detail.allDay) : t.noSlot),
    csv: (e) => (e.nextSlot ? slotLabel(e.nextSlot, t.detail.allDay) : ''),
  },
  {
    key: 'places',
    title: t.columns.places,
    dataIndex: 'placesBooked',
    render: (_: number, e) => <span data-testid="event-places">{t.places(e.placesBooked, e.placesLeft)}</span>,
    csv: (e) => `${e.placesBooked} / ${e.placesLeft}`,
  },
  {
    key: 'online',
    title: t.columns.online,
    dataIndex: 'online',
    filterKey: 'online',
    filterOptions: [
      { value: 'true', label: t.online },
      { value: 'false', label: t.offline },
    ],
    render: (online: boolean) => <Tag color={online ? 'green' : 'default'}>{online ? t.online : t.offline}</Tag>,
    csv: (e) => (e.online ? t.online : t.offline),
  },
];
