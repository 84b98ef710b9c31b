// /dashboard/reservations/events/add (createEvent): a new event; its slots are made from its detail.
import { withQueryScope } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { EventForm } from './EventForm';
import { useTexts } from './texts';

export default withQueryScope(function EventAddPage() {
  const t = useTexts();
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16, minWidth: 0 }}>
      <Link to="/dashboard/reservations/events" style={{ width: 'fit-content' }}>
        ← {t.back}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.addTitle}</h1>
      <EventForm />
    </section>
  );
});
