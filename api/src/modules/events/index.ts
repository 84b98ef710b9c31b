/** Public events of a shop and their slots (modules/events). */
export { createEventsRouter } from './events.router';
export { createEventsService } from './events.service';
export { shopDate, shopTime, nextDay, isAllDay } from './events.schedule';
export { findFutureSlots } from './events.repository';
