/**
 * @jest-environment-options {"customExportConditions": ["require", "default"]}
 */
// FullCalendar's preact is ESM under the jsdom 'browser' condition: this file takes the CommonJS builds.
import { screen, waitFor } from '@testing-library/react';
import type { CalendarItem } from 'shared-kernel/contracts';
import { renderPage } from 'shared-kernel/testing';
import { rescheduleBodyOf, toCalendarEvent } from './calendar-events';
import CalendarPage from './CalendarPage';

const task: CalendarItem = {
  kind: 'task',
  id: 'task-4',
  refId: 4,
  title: 'Dégustation chez le caviste',
  start: '2032-03-11T10:00:00.000Z',
  end: '2032-03-11T11:00:00.000Z',
  allDay: false,
  link: '/dashboard/tasks?task=4',
  done: false,
  priority: 'high',
};
const slot: CalendarItem = {
  kind: 'slot',
  id: 'slot-9',
  refId: 9,
  title: 'Visite des caves · Matin (2/10)',
  start: '2032-03-10T09:00:00.000Z',
  end: '2032-03-10T11:00:00.000Z',
  allDay: false,
  link: '/dashboard/reservations/events/3',
};

describe('calendar events', () => {
  it('lets only open tasks be dragged, and keeps where a click goes', () => {
    expect(toCalendarEvent(task)).toMatchObject({ id: 'task-4', editable: true, extendedProps: { kind: 'task', refId: 4 } });
    expect(toCalendarEvent({ ...task, done: true })).toMatchObject({ editable: false, title: '✓ Dégustation chez le caviste' });
    expect(toCalendarEvent(slot)).toMatchObject({
      editable: false,
      extendedProps: { kind: 'slot', link: '/dashboard/reservations/events/3' },
    });
  });

  it('sends a day for an all-day drop, the local time with its offset otherwise', () => {
    const start = new Date(2032, 2, 12, 14, 30);
    expect(rescheduleBodyOf(start, true)).toEqual({ dueAt: '2032-03-12', allDay: true });
    const timed = rescheduleBodyOf(start, false);
    expect(new Date(timed.dueAt).getTime()).toBe(start.getTime());
    expect(timed.dueAt).toMatch(/^2032-03-12T14:30:00[+-]\d{2}:\d{2}$/);
  });
});

describe('/dashboard/calendar', () => {
  it('asks the api for the visible range and shows its events', async () => {
    const page = renderPage(<CalendarPage />, {
      route: '/dashboard/calendar',
      session: 'owner',
      api: { 'GET /calendar': [{ ...task, start: new Date().toISOString(), end: null }] },
    });
    expect(await screen.findByText('Dégustation chez le caviste')).toBeInTheDocument();
    await waitFor(() => expect(page.calls[0].query).toEqual({ from: expect.any(String), to: expect.any(String) }));
    const { from, to } = page.calls[0].query as { from: string; to: string };
    // a month view from a Monday (§5), six weeks
    expect(new Date(from).getDay()).toBe(1);
    expect((new Date(to).getTime() - new Date(from).getTime()) / 86_400_000).toBeCloseTo(42, 0);
  });
});
