// /dashboard/calendar: tasks, event slots and reservations by month / week / day (FullCalendar, French,
// weeks from Monday §5); open tasks are dragged to another day or time (PUT /tasks/:id/reschedule).
import { useRef, useState } from 'react';
import { Alert, Button, Flex } from 'antd';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import frLocale from '@fullcalendar/core/locales/fr';
import type { EventClickArg, EventDropArg } from '@fullcalendar/core';
import { errorMessage, withQueryScope, useAction } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { TaskDrawer, type TaskDrawerTarget } from '../TaskDrawer';
import { useCalendar, useReschedule } from '../tasks.queries';
import { rescheduleBodyOf, toCalendarEvent, type CalendarEventProps } from './calendar-events';

export default withQueryScope(function CalendarPage() {
  const navigate = useNavigate();
  const mobile = useLayoutMode() === 'mobile';
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [drawer, setDrawer] = useState<TaskDrawerTarget>(null);
  const calendar = useCalendar(range);
  const reschedule = useReschedule();
  const ref = useRef<FullCalendar>(null);

  const rescheduling = useAction({
    run: async (info: EventDropArg) => {
      const props = info.event.extendedProps as CalendarEventProps;
      try {
        await reschedule.mutateAsync({ id: props.refId, body: rescheduleBodyOf(info.event.start!, info.event.allDay) });
      } catch (err) {
        // a refused move puts the event back where it was
        info.revert();
        throw err;
      }
    },
    success: 'Tâche replanifiée',
    errorFallback: "La tâche n'a pas pu être déplacée",
  });
  const onDrop = rescheduling.run;
  const onClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    const props = info.event.extendedProps as CalendarEventProps;
    if (props.kind === 'task') setDrawer({ kind: 'edit', id: props.refId });
    else navigate(props.link);
  };

  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <h1 style={{ margin: 0, fontSize: 20 }}>Calendrier</h1>
        <Button type="primary" onClick={() => setDrawer({ kind: 'new' })}>
          Nouvelle tâche
        </Button>
      </Flex>
      {calendar.isError && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(calendar.error, "Le calendrier n'a pas pu être chargé")}
          action={<Button onClick={() => void calendar.refetch()}>Réessayer</Button>}
        />
      )}
      <div aria-busy={calendar.isFetching} style={{ minHeight: 480 }}>
        <FullCalendar
          ref={ref}
          plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
          locale={frLocale}
          firstDay={1}
          initialView={mobile ? 'timeGridDay' : 'dayGridMonth'}
          headerToolbar={
            mobile
              ? { left: 'prev,next', center: 'title', right: 'dayGridMonth,timeGridDay' }
              : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }
          }
          height="auto"
          nowIndicator
          dayMaxEvents={4}
          eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
          events={(calendar.data ?? []).map(toCalendarEvent)}
          datesSet={(arg) => setRange({ from: arg.start.toISOString(), to: arg.end.toISOString() })}
          eventDrop={(info) => void onDrop(info)}
          eventClick={onClick}
        />
      </div>
      <TaskDrawer
        target={drawer}
        onClose={() => {
          setDrawer(null);
          void calendar.refetch();
        }}
      />
    </section>
  );
});
