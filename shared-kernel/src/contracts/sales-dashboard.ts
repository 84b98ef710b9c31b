// The sales figures of the dashboard home: mfe-sales' widgets read them, the api's orders module answers.
//   GET /v1/orders/summary                → SalesSummary (owner, iam with seeAllOrder: the caller's shop)
//   GET /v1/orders/upcoming-reservations  → UpcomingReservations (buyer: theirs; owner, iam with seeAllResa: the shop's)
import { z } from 'zod';

/** Orders counted in a period: validated or invoiced, created in that calendar month (Europe/Paris). Cents. */
export const salesPeriodSchema = z.object({
  totalTTC: z.number().int(),
  totalHT: z.number().int(),
  count: z.number().int().min(0),
});
export type SalesPeriod = z.infer<typeof salesPeriodSchema>;

export const salesSummarySchema = z.object({
  /** orders waiting for the shop's validation (status pending, with products: what /dashboard/orders?status=pending lists) */
  toValidate: z.number().int().min(0),
  currentMonth: salesPeriodSchema,
  previousMonth: salesPeriodSchema,
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

export const upcomingReservationSchema = z.object({
  orderId: z.number().int(),
  number: z.string(),
  eventTitle: z.string(),
  slotLabel: z.string().nullable(),
  /** ISO date-time of the slot's start */
  startsAt: z.string(),
  places: z.number().int().min(0),
  /** the buyer's name (seller view); null in the buyer's own view */
  buyerName: z.string().nullable(),
  shopName: z.string(),
});
export type UpcomingReservation = z.infer<typeof upcomingReservationSchema>;

export const upcomingReservationsSchema = z.object({ items: z.array(upcomingReservationSchema) });
export type UpcomingReservations = z.infer<typeof upcomingReservationsSchema>;
