import dayjs from 'dayjs';
import type { EventInput } from '@fullcalendar/core';
import type { CalendarItem, CalendarItemKind, RescheduleBody } from 'shared-kernel/contracts';

/** Colours by kind (tasks by priority), readable on white with white text. */
const COLORS: Record<Exclude<CalendarItemKind, 'task'>, string> = { slot: '#2f6f4f', reservation: '#7a3e9d', delivery: '#8a5a00' };
const TASK_COLORS = { low: '#595959', medium: '#1d4ed8', high: '#b42318' } as const;

export interface CalendarEventProps {
  kind: CalendarItemKind;
  refId: number;
  link: string;
}

/** An entry of GET /calendar → a FullCalendar event (only open tasks can be dragged). */
export function toCalendarEvent(item: CalendarItem): EventInput {
  const color = item.kind === 'task' ? (item.done ? '#8c8c8c' : TASK_COLORS[item.priority ?? 'medium']) : COLORS[item.kind];
  const props: CalendarEventProps = { kind: item.kind, refId: item.refId, link: item.link };
  return {
    id: item.id,
    title: item.kind === 'task' && item.done ? `✓ ${item.title}` : item.title,
    start: item.start,
    end: item.end ?? undefined,
    allDay: item.allDay,
    editable: item.kind === 'task' && !item.done,
    durationEditable: false,
    backgroundColor: color,
    borderColor: color,
    textColor: '#ffffff',
    classNames: [`wz-cal-${item.kind}`],
    extendedProps: props,
  };
}

/** Where a task was dropped → the body of PUT /tasks/:id/reschedule. */
export function rescheduleBodyOf(start: Date, allDay: boolean): RescheduleBody {
  return allDay ? { dueAt: dayjs(start).format('YYYY-MM-DD'), allDay: true } : { dueAt: dayjs(start).format(), allDay: false };
}
