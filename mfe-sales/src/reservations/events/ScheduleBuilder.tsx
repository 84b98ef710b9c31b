// Makes slots from a schedule (POST /events/:id/slots): one date at one time, a recurrence (weekdays × times over a
// date range, minus excluded dates), or days without hours. The api makes them in one go and never twice.
import { Segmented } from 'antd';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { useGenerateSlots, type ScheduleInput, type ScheduleMode } from './events.queries';
import { dayLabel } from './format';
import { useTexts } from './texts';

const DATE = 'Date au format AAAA-MM-JJ attendue';
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE);
const scheduleFormSchema = z
  .object({
    mode: z.enum(['oneOff', 'recurring', 'period']),
    date: z.string(),
    time: z.string(),
    from: z.string(),
    to: z.string(),
    weekdays: z.array(z.number()),
    times: z.array(z.string()),
    exceptions: z.array(z.string()),
    name: z.string().trim().max(100, 'Doit contenir au maximum 100 caractères'),
    places: z.number().int().min(1, 'Le nombre de places par créneau doit être un entier entre 1 et 10000').max(10000).nullable(),
  })
  .superRefine((v, ctx) => {
    const need = (ok: boolean, path: string, message: string) => ok || ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.mode === 'oneOff') {
      need(date.safeParse(v.date).success, 'date', DATE);
      need(/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time), 'time', 'Heure au format HH:MM attendue');
      return;
    }
    need(date.safeParse(v.from).success, 'from', DATE);
    need(date.safeParse(v.to).success, 'to', DATE);
    if (date.safeParse(v.from).success && date.safeParse(v.to).success)
      need(v.to >= v.from, 'to', 'La date de fin doit être le même jour ou après la date de début');
    if (v.mode === 'recurring') {
      need(v.weekdays.length > 0, 'weekdays', 'Choisissez au moins un jour de la semaine');
      need(v.times.length > 0, 'times', 'Ajoutez au moins un horaire');
    }
  });
type ScheduleFormValues = z.input<typeof scheduleFormSchema>;

const EMPTY: ScheduleFormValues = {
  mode: 'recurring',
  date: '',
  time: '10:00',
  from: '',
  to: '',
  weekdays: [],
  times: [],
  exceptions: [],
  name: '',
  places: null,
};

const TIMES = Array.from({ length: 34 }, (_, i) => {
  const m = 7 * 60 + i * 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});

/** The dates of the range that the chosen weekdays keep (the choices of 'Dates exclues'), at most a year. */
function datesOf(from: string, to: string, weekdays: number[]): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from) return [];
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end && out.length < 366; t += 86_400_000) {
    const day = new Date(t).getUTCDay() || 7;
    if (!weekdays.length || weekdays.includes(day)) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

export function toSchedule(v: ScheduleFormValues): ScheduleInput {
  const common = { name: v.name.trim() || null, places: v.places ?? null };
  if (v.mode === 'oneOff') return { mode: 'oneOff', date: v.date, time: v.time, ...common };
  const range = { from: v.from, to: v.to, weekdays: v.weekdays, exceptions: v.exceptions.filter((d) => d >= v.from && d <= v.to) };
  return v.mode === 'recurring' ? { mode: 'recurring', ...range, times: v.times, ...common } : { mode: 'period', ...range, ...common };
}

export function ScheduleBuilder({ eventId, placesPerSlot }: { eventId: number; placesPerSlot: number | null }) {
  const texts = useTexts();
  const t = texts.schedule;
  const generate = useGenerateSlots(eventId);
  const form = useZodForm(scheduleFormSchema, { defaultValues: EMPTY });
  const [mode, from, to, weekdays] = useWatch({ control: form.control, name: ['mode', 'from', 'to', 'weekdays'] });
  const grid = {
    display: 'grid',
    gap: '0 12px',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    alignItems: 'start',
  } as const;
  return (
    <ZodForm
      form={form}
      aria-label={t.title}
      style={{ display: 'grid', gap: 8 }}
      onSubmit={async (values) => {
        const result = await generate.mutateAsync(toSchedule(values));
        notify.success(result.message);
        form.reset({ ...EMPTY, mode: values.mode });
      }}
    >
      <div role="radiogroup" aria-label={t.mode}>
        <Segmented<ScheduleMode>
          value={mode}
          onChange={(m) => form.setValue('mode', m)}
          options={(['oneOff', 'recurring', 'period'] as const).map((m) => ({ value: m, label: t.modes[m] }))}
        />
      </div>
      {mode === 'oneOff' ? (
        <div style={grid}>
          <FormField<ScheduleFormValues> name="date" label={t.date} kind="date" required />
          <FormField<ScheduleFormValues> name="time" label={t.time} placeholder="HH:MM" required />
        </div>
      ) : (
        <>
          <div style={grid}>
            <FormField<ScheduleFormValues> name="from" label={t.from} kind="date" required />
            <FormField<ScheduleFormValues> name="to" label={t.to} kind="date" required />
          </div>
          <FormField<ScheduleFormValues>
            name="weekdays"
            label={t.weekdays}
            kind="select"
            multiple
            required={mode === 'recurring'}
            help={mode === 'period' ? t.weekdaysPeriodHelp : undefined}
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: texts.weekday(d) }))}
          />
          {mode === 'recurring' && (
            <FormField<ScheduleFormValues>
              name="times"
              label={t.times}
              kind="select"
              multiple
              required
              options={TIMES.map((x) => ({ value: x, label: x }))}
            />
          )}
          <FormField<ScheduleFormValues>
            name="exceptions"
            label={t.exceptions}
            kind="select"
            multiple
            searchable
            options={datesOf(from, to, weekdays).map((d) => ({ value: d, label: dayLabel(d) }))}
          />
        </>
      )}
      <div style={grid}>
        <FormField<ScheduleFormValues> name="name" label={t.name} placeholder={t.namePlaceholder} maxLength={100} />
        <FormField<ScheduleFormValues>
          name="places"
          label={t.places}
          kind="number"
          min={1}
          max={10000}
          help={t.placesHelp(placesPerSlot)}
        />
      </div>
      <div>
        <SubmitButton>{t.submit}</SubmitButton>
      </div>
    </ZodForm>
  );
}
