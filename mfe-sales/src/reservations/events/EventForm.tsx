// The event form (/dashboard/reservations/events/add, and the edit drawer of the detail): the event, its rates, the
// places of its next slots and whether the shop shows it.
import { Button, Card } from 'antd';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { LANGUAGES_LIST } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify } from 'shared-kernel/runtime';
import { useCreateEvent, useUpdateEvent, type EventDetail } from './events.queries';
import { emptyRate, eventFormSchema, eventFormValues, toEventInput, type EventFormValues } from './event.schema';
import { useTexts } from './texts';

const grid = { display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', alignItems: 'start' } as const;

function RatesEditor() {
  const t = useTexts().form;
  const { control, formState } = useFormContext<EventFormValues>();
  const rates = useFieldArray({ control, name: 'rates' });
  const error = formState.errors.rates?.message ?? formState.errors.rates?.root?.message;
  const kinds = [
    { value: 'person', label: t.kinds.person },
    { value: 'option', label: t.kinds.option },
    { value: 'touristTax', label: t.kinds.touristTax },
  ];
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: 12, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 16, marginBottom: 4 }}>{t.rates}</legend>
      <p style={{ margin: 0, color: 'var(--ant-color-text-description, #595959)' }}>{t.ratesHelp}</p>
      {rates.fields.map((f, i) => (
        <Card
          key={f.id}
          size="small"
          role="group"
          aria-label={t.rate(i + 1)}
          title={t.rate(i + 1)}
          extra={
            <Button type="link" danger onClick={() => rates.remove(i)} aria-label={t.removeRate(i + 1)}>
              {t.remove}
            </Button>
          }
        >
          <div style={grid}>
            <FormField<EventFormValues> name={`rates.${i}.name`} label={t.rateName} required maxLength={100} />
            <FormField<EventFormValues> name={`rates.${i}.price`} label={t.price} kind="number" min={0} precision={2} suffix="€" required />
            <FormField<EventFormValues> name={`rates.${i}.kind`} label={t.kind} kind="select" options={kinds} />
          </div>
        </Card>
      ))}
      {error && (
        <div role="alert" style={{ color: 'var(--ant-color-error, #b42318)' }}>
          {error}
        </div>
      )}
      <div>
        <Button onClick={() => rates.append(emptyRate(), { shouldFocus: false })}>{t.addRate}</Button>
      </div>
    </fieldset>
  );
}

export function EventForm({ event, onDone }: { event?: EventDetail; onDone?: () => void }) {
  const t = useTexts().form;
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const form = useZodForm(eventFormSchema, { defaultValues: eventFormValues(event) });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 12, maxWidth: 900 }}
      onSubmit={async (values) => {
        const input = toEventInput(values);
        const saved = event ? await update.mutateAsync({ id: event.id, input }) : await create.mutateAsync(input);
        notify.success(t.saved);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/reservations/events/${saved.id}`);
      }}
    >
      <FormField<EventFormValues> name="title" label={t.title} required maxLength={200} />
      <FormField<EventFormValues> name="description" label={t.description} kind="textarea" rows={3} maxLength={5000} />
      <div style={grid}>
        <FormField<EventFormValues> name="location" label={t.location} maxLength={300} />
        <FormField<EventFormValues> name="durationMinutes" label={t.duration} kind="number" min={1} max={1440} suffix={t.minutes} />
        <FormField<EventFormValues>
          name="placesPerSlot"
          label={t.placesPerSlot}
          kind="number"
          min={1}
          max={10000}
          required
          help={event ? t.placesHelp : undefined}
        />
        <FormField<EventFormValues>
          name="languages"
          label={t.languages}
          kind="select"
          multiple
          options={LANGUAGES_LIST.map((l) => ({ value: l.value, label: l.label }))}
        />
      </div>
      <FormField<EventFormValues> name="message" label={t.message} kind="textarea" rows={2} help={t.messageHelp} maxLength={2000} />
      <FormField<EventFormValues> name="mandatoryReservation" label={t.mandatory} kind="switch" />
      <FormField<EventFormValues> name="online" label={t.online} kind="switch" />
      <RatesEditor />
      <div>
        <SubmitButton>{t.submit}</SubmitButton>
      </div>
    </ZodForm>
  );
}
