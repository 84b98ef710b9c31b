// The reservation form (/dashboard/reservations/add): a client of the shop, an event, one of its slots to come with
// places, a quantity per rate (participants, then options; the tourist tax is added per participant), settled now (a
// payment method) or later. The api prices it as the checkout does; what it refuses shows under the field it names.
import { Radio, Select, Typography } from 'antd';
import { useWatch } from 'react-hook-form';
import { formatCents } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { ApiError, notify } from 'shared-kernel/runtime';
import { ClientSelect } from '../../lookups/ClientSelect';
import { useTexts } from '../desk.texts';
import { bookable, slotText } from '../format';
import { useCreateReservation, type BookableEvent } from '../reservations.queries';
import {
  bookedRates,
  formFieldOf,
  personsOf,
  reservationFormSchema,
  SETTLE_METHODS,
  toReservationInput,
  type ReservationFormValues,
} from './reservation.schema';

const grid = { display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', alignItems: 'start' } as const;
const muted = { color: 'var(--ant-color-text-description, #595959)' } as const;

export interface ReservationFormInitial {
  clientId?: number | null;
  eventId?: number | null;
  slotId?: number | null;
}

export function ReservationForm({ events, initial = {} }: { events: BookableEvent[]; initial?: ReservationFormInitial }) {
  const t = useTexts();
  const f = t.form;
  const navigate = useNavigate();
  const create = useCreateReservation();
  const startEvent = events.find((e) => e.id === initial.eventId) ?? null;
  const startSlot = startEvent?.slots.find((s) => s.id === initial.slotId && bookable(s)) ?? null;
  const form = useZodForm(reservationFormSchema, {
    defaultValues: {
      clientId: initial.clientId ?? null,
      eventId: startEvent?.id ?? null,
      slotId: startSlot?.id ?? null,
      quantities: startEvent ? bookedRates(startEvent.rates).map(() => null) : [],
      settleMode: 'later',
      method: null,
      notes: '',
    },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const [eventId, slotId, quantities, settleMode] = useWatch({
    control: form.control,
    name: ['eventId', 'slotId', 'quantities', 'settleMode'],
  });
  const event = events.find((e) => e.id === eventId) ?? null;
  const slot = event?.slots.find((s) => s.id === slotId) ?? null;
  const rates = event ? bookedRates(event.rates) : [];
  const tax = event?.rates.find((r) => r.touristTax) ?? null;
  const persons = event ? personsOf(event.rates, quantities ?? []) : 0;
  const total = rates.reduce((n, r, i) => n + r.priceCents * ((quantities ?? [])[i] ?? 0), 0) + (tax ? tax.priceCents * persons : 0);
  const quantitiesError = form.formState.errors.quantities?.message ?? form.formState.errors.quantities?.root?.message;
  const slotOptions = (event?.slots ?? [])
    .filter(bookable)
    .map((s) => ({ value: s.id, label: f.slotOption(slotText(s, t.allDay), s.placesLeft) }));

  const rateField = (i: number) => (
    <FormField<ReservationFormValues>
      key={`${event!.id}-${i}`}
      name={`quantities.${i}`}
      label={f.rate(rates[i].name, formatCents(rates[i].priceCents))}
      kind="number"
      min={0}
      max={1000}
      step={1}
      precision={0}
    />
  );

  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12, maxWidth: 900 }}
      onSubmit={async (v) => {
        if (!event) return;
        if (personsOf(event.rates, v.quantities) <= 0) throw new ApiError(400, f.errors.participants, 'quantities');
        const input = toReservationInput(v, event.rates);
        try {
          const created = await create.mutateAsync(input);
          if (v.settleMode === 'now' && created.paymentStatus !== 'paid') notify.error(created.message);
          else notify.success(created.message);
          guard.allowNavigation();
          navigate(`/dashboard/reservations/${created.orderId}`);
        } catch (err) {
          if (err instanceof ApiError && err.field)
            throw new ApiError(err.status, err.message, formFieldOf(err.field, input, event.rates), err.body);
          throw err;
        }
      }}
    >
      <FormField<ReservationFormValues>
        name="clientId"
        label={f.client}
        required
        help={f.clientHelp}
        render={(field, a11y) => (
          <ClientSelect value={field.value as number | null} onChange={(id) => field.onChange(id)} onBlur={field.onBlur} a11y={a11y} />
        )}
      />
      <div style={grid}>
        <FormField<ReservationFormValues>
          name="eventId"
          label={f.event}
          required
          render={(field, a11y) => (
            <Select<number>
              {...a11y}
              value={(field.value as number | null) ?? undefined}
              onBlur={field.onBlur}
              showSearch={{ optionFilterProp: 'label' }}
              options={events.map((e) => ({ value: e.id, label: e.title }))}
              style={{ width: '100%' }}
              onChange={(id) => {
                // another event: its own slots and rates
                const next = events.find((e) => e.id === id);
                field.onChange(id ?? null);
                form.setValue('slotId', null, { shouldDirty: true });
                form.setValue('quantities', next ? bookedRates(next.rates).map(() => null) : [], { shouldDirty: true });
              }}
            />
          )}
        />
        <FormField<ReservationFormValues>
          name="slotId"
          label={f.slot}
          required
          kind="select"
          disabled={!event}
          placeholder={event ? undefined : f.slotPlaceholder}
          options={slotOptions}
          help={event && !slotOptions.length ? f.noSlots : undefined}
        />
      </div>
      {event && rates.length > 0 && (
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby="resa-quantities-error">
          <legend style={{ fontWeight: 600, marginBottom: 4 }}>{f.participants}</legend>
          <div style={grid}>{rates.map((r, i) => (r.optional ? null : rateField(i)))}</div>
          {rates.some((r) => r.optional) && (
            <>
              <div style={{ fontWeight: 600, margin: '4px 0' }}>{f.optionsTitle}</div>
              <div style={grid}>{rates.map((r, i) => (r.optional ? rateField(i) : null))}</div>
            </>
          )}
          {tax && <p style={{ ...muted, margin: '0 0 4px' }}>{f.touristTax(tax.name, formatCents(tax.priceCents))}</p>}
          {quantitiesError && (
            <div id="resa-quantities-error" role="alert" style={{ color: 'var(--ant-color-error, #b42318)' }}>
              {quantitiesError}
            </div>
          )}
          {slot && persons > slot.placesLeft && (
            <Typography.Text type="warning" role="status">
              {f.tooMany(slot.placesLeft)}
            </Typography.Text>
          )}
          <p data-testid="reservation-total" style={{ fontWeight: 600, margin: '8px 0 0' }}>
            {f.total(formatCents(total))}
          </p>
        </fieldset>
      )}
      <div style={grid}>
        <FormField<ReservationFormValues>
          name="settleMode"
          label={f.settle}
          render={(field, a11y) => (
            <Radio.Group
              {...a11y}
              role="radiogroup"
              aria-label={f.settle}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              options={[
                { value: 'now', label: f.settleNow },
                { value: 'later', label: f.settleLater },
              ]}
            />
          )}
        />
        {settleMode === 'now' && (
          <FormField<ReservationFormValues>
            name="method"
            label={f.method}
            required
            kind="select"
            options={SETTLE_METHODS.map((m) => ({ value: m, label: t.methods[m] }))}
          />
        )}
      </div>
      <FormField<ReservationFormValues> name="notes" label={f.notes} kind="textarea" rows={2} maxLength={1000} />
      <div>
        <SubmitButton>{f.submit}</SubmitButton>
      </div>
    </ZodForm>
  );
}
