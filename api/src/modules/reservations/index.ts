/** The reservations back office: slots and their participants, back-office reservations, move, cancel, check-in, reminders. */
export { createReservationsRouter } from './reservations.router';
export { createReservationsService, type ReservationsService } from './reservations.service';
export { createReservationReminders, type ReservationReminders } from './reservations.reminders';
export { RESERVATION_MESSAGES, type ReservationInput } from './reservations.schemas';
