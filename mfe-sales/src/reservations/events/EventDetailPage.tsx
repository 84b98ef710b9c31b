// /dashboard/reservations/events/:id (accessEvent): the event, its rates, its slots by day; with createEvent, the edit
// drawer, the schedule builder and the deletion of an empty slot.
import { Button, Tag } from 'antd';
import { formatCents } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, EditDrawer, QueryBoundary, useEditDrawer, useIdParam, withQueryScope } from 'shared-kernel/kit';
import { EventForm } from './EventForm';
import { useEvent } from './events.queries';
import { useCanCreateEvent } from './permissions';
import { ScheduleBuilder } from './ScheduleBuilder';
import { SlotList } from './SlotList';
import { useTexts } from './texts';

export default withQueryScope(function EventDetailPage() {
  const texts = useTexts();
  const t = texts.detail;
  const id = useIdParam();
  const query = useEvent(id);
  const edit = useEditDrawer();
  const canEdit = useCanCreateEvent();
  const back = '/dashboard/reservations/events';
  return (
    <QueryBoundary query={query} missing={id === null} notFound={{ backTo: back, backLabel: texts.back, title: texts.notFound }}>
      {(e) => (
        <DetailLayout
          title={e.title}
          backTo={back}
          backLabel={texts.back}
          actions={
            <>
              <Tag color={e.online ? 'green' : 'default'}>{e.online ? texts.online : texts.offline}</Tag>
              {canEdit && <Button onClick={() => edit.open()}>{t.edit}</Button>}
            </>
          }
          side={
            <>
              <DetailSection title={t.infos}>
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {e.location && <li>{e.location}</li>}
                  <li>{t.duration(e.durationMinutes)}</li>
                  <li>{t.perSlot(e.placesPerSlot)}</li>
                  <li>{t.mandatory(e.mandatoryReservation)}</li>
                  {e.languages.length > 0 && <li>{e.languages.join(', ').toUpperCase()}</li>}
                </ul>
                {e.message && <p style={{ marginBottom: 0 }}>{e.message}</p>}
              </DetailSection>
              <DetailSection title={t.rates}>
                <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="event-rates">
                  {e.rates.map((r) => (
                    <li key={r.name}>
                      {r.name} · {formatCents(r.priceCents)}
                      {r.optional ? ` · ${texts.form.kinds.option}` : r.touristTax ? ` · ${texts.form.kinds.touristTax}` : ''}
                    </li>
                  ))}
                </ul>
              </DetailSection>
            </>
          }
        >
          {e.description && <DetailSection title={texts.form.description}>{e.description}</DetailSection>}
          <DetailSection title={t.slots}>
            <SlotList eventId={e.id} slots={e.slots} canEdit={canEdit} />
          </DetailSection>
          {canEdit && (
            <DetailSection title={texts.schedule.title}>
              <ScheduleBuilder eventId={e.id} placesPerSlot={e.placesPerSlot} />
            </DetailSection>
          )}
          <EditDrawer {...edit.props} title={t.editTitle}>
            <EventForm event={e} onDone={edit.close} />
          </EditDrawer>
        </DetailLayout>
      )}
    </QueryBoundary>
  );
});
