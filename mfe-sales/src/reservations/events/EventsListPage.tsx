// /dashboard/reservations/events (accessEvent): the shop's events, their next slot, places booked / left, online or not.
import { LinkButton, ResourceTable, useUrlListState, withQueryScope } from 'shared-kernel/kit';
import { useCanCreateEvent } from './permissions';
import { eventColumns } from './columns';
import { fetchEvents, useEvents } from './events.queries';
import { eventsList } from './filters';
import { useTexts } from './texts';

export default withQueryScope(function EventsListPage() {
  const t = useTexts();
  const list = useUrlListState(eventsList);
  const query = useEvents(list.apiQuery);
  const canCreate = useCanCreateEvent();
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16, minWidth: 0 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.title}</h1>
      <ResourceTable
        list={list}
        query={query}
        columns={eventColumns}
        label={t.list}
        rowHref={(e) => `/dashboard/reservations/events/${e.id}`}
        search
        exportCsv={{ filename: 'evenements', fetchPage: fetchEvents }}
        toolbar={
          canCreate ? (
            <LinkButton type="primary" to="/dashboard/reservations/events/add">
              {t.add}
            </LinkButton>
          ) : undefined
        }
        texts={{ empty: t.empty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
    </section>
  );
});
