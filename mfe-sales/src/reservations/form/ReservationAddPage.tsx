// /dashboard/reservations/add (createResa): a reservation for a client of the shop. `?eventId=&slotId=&clientId=` open
// it on a slot (the 'Par créneau' view's 'Réserver') or for a client.
import { Alert, Button, Skeleton } from 'antd';
import { errorMessage, withQueryScope } from 'shared-kernel/kit';
import { Link, useSearchParams } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { useTexts } from '../desk.texts';
import { useBookableEvents } from '../reservations.queries';
import { ReservationForm } from './ReservationForm';

const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

export default withQueryScope(function ReservationAddPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const [params] = useSearchParams();
  const events = useBookableEvents();
  return (
    <section style={{ display: 'grid', gap: 16, padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Link to="/dashboard/reservations" style={{ width: 'fit-content' }}>
        ← {t.form.back}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.form.title}</h1>
      {events.isPending ? (
        <Skeleton active />
      ) : events.isError ? (
        <Alert
          type="error"
          showIcon
          title={t.form.loadError}
          description={errorMessage(events.error)}
          action={<Button onClick={() => void events.refetch()}>{t.slots.retry}</Button>}
        />
      ) : (
        <>
          {!events.data.some((e) => e.slots.some((s) => !s.past && s.placesLeft > 0)) && (
            <Alert type="info" showIcon title={t.form.noEvents} />
          )}
          <ReservationForm
            events={events.data}
            initial={{ eventId: idOf(params.get('eventId')), slotId: idOf(params.get('slotId')), clientId: idOf(params.get('clientId')) }}
          />
        </>
      )}
    </section>
  );
});
