import { z } from 'zod';
import type { AnalyticsObjectiveBody } from 'shared-kernel/contracts';
import { MESSAGES } from 'shared-kernel/validation';

const needed = { error: MESSAGES.needed };

/** The objective form of /dashboard/analytics/objectives: a member, a period (ISO days), a target in euros HT, a label. */
export const objectiveSchema = z.object({
  userId: z.number(needed),
  range: z.tuple([z.string(), z.string()], needed),
  target: z.number(needed),
  label: z.string(),
});
export type ObjectiveValues = z.input<typeof objectiveSchema>;

/** The api's fields that the form shows under another name (its range check names `to`). */
export const objectiveApiFields = {
  periodStart: 'range',
  periodEnd: 'range',
  to: 'range',
  targetCents: 'target',
} as const;

export function toObjectiveBody(v: z.output<typeof objectiveSchema>): AnalyticsObjectiveBody {
  return {
    userId: v.userId,
    periodStart: v.range[0],
    periodEnd: v.range[1],
    targetCents: Math.round(v.target * 100),
    label: v.label || null,
  };
}
