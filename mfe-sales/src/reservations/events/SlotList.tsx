// The slots of an event by day (shop time): hours, booked / left; an empty slot can be deleted (the api refuses a
// booked one, 409). Past slots are folded away.
import { useState } from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import { useAction } from 'shared-kernel/kit';
import { useDeleteSlot, type EventSlot } from './events.queries';
import { dayLabel, slotDay, slotHours } from './format';
import { useTexts } from './texts';

export function SlotList({
  eventId,
  slots,
  canEdit,
  now = Date.now(),
}: {
  eventId: number;
  slots: EventSlot[];
  canEdit: boolean;
  now?: number;
}) {
  const t = useTexts().detail;
  const remove = useDeleteSlot(eventId);
  const removing = useAction({ run: (slotId: number) => remove.mutateAsync(slotId), success: t.deleted });
  const [showPast, setShowPast] = useState(false);
  const past = slots.filter((s) => Date.parse(s.start) <= now);
  const shown = showPast ? slots : slots.filter((s) => Date.parse(s.start) > now);
  const days = new Map<string, EventSlot[]>();
  for (const s of shown) days.set(slotDay(s.start), [...(days.get(slotDay(s.start)) ?? []), s]);
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {!slots.length && <p style={{ margin: 0 }}>{t.noSlots}</p>}
      {past.length > 0 && !showPast && (
        <Button type="link" style={{ justifySelf: 'start', padding: 0 }} onClick={() => setShowPast(true)}>
          {t.showPast(past.length)}
        </Button>
      )}
      {[...days].map(([day, list]) => (
        <section key={day} aria-label={dayLabel(day)}>
          <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>{dayLabel(day)}</h3>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
            {list.map((s) => {
              const hours = slotHours(s, t.allDay);
              return (
                <li key={s.id} data-testid="event-slot" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
                  <strong>{hours}</strong>
                  {s.name && <span>{s.name}</span>}
                  <Tag color={s.placesLeft === 0 ? 'red' : s.booked ? 'blue' : 'default'}>
                    {t.slotPlaces(s.booked, s.placesLeft, s.places)}
                  </Tag>
                  {canEdit &&
                    (s.booked > 0 ? (
                      <span style={{ color: 'var(--ant-color-text-description, #595959)' }}>{t.bookedSlot}</span>
                    ) : (
                      <Popconfirm title={t.deleteConfirm} okText={t.deleteSlot} cancelText="Annuler" onConfirm={() => removing.run(s.id)}>
                        <Button size="small" danger aria-label={t.deleteSlotLabel(`${dayLabel(day)} ${hours}`)}>
                          {t.deleteSlot}
                        </Button>
                      </Popconfirm>
                    ))}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
