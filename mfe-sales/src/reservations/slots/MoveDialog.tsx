// 'Déplacer': another slot of the same event, to come, with enough places for the booking's participants. The api
// gives the places back on one slot and takes them on the other at once; a slot filled meanwhile shows under the field.
import { Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { errorMessage, FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { texts, useTexts } from '../desk.texts';
import { slotText } from '../format';
import { useBookableEvents, useMoveBooking, type Booking } from '../reservations.queries';

const moveSchema = z
  .object({ slotId: z.number().int().positive().nullable() })
  .refine((v) => v.slotId !== null, { message: texts.move.slotRequired, path: ['slotId'] });
type MoveValues = z.input<typeof moveSchema>;

export function MoveDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const events = useBookableEvents(booking.eventId, booking.eventId !== null);
  const move = useMoveBooking();
  const form = useZodForm(moveSchema, { defaultValues: { slotId: null } });
  const slots = (events.data?.[0]?.slots ?? []).filter((s) => !s.past && s.id !== booking.slotId && s.placesLeft >= booking.persons);
  return (
    <Modal open onCancel={onClose} title={t.move.title} footer={null} width={mobile ? '100%' : 520} destroyOnHidden>
      <Typography.Paragraph style={{ marginTop: 0 }}>{t.move.intro(booking.client.name, t.persons(booking.persons))}</Typography.Paragraph>
      {events.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : events.isError ? (
        <Typography.Paragraph type="danger">{errorMessage(events.error)}</Typography.Paragraph>
      ) : slots.length === 0 ? (
        <Flex vertical gap={12}>
          <Typography.Paragraph>{t.move.noSlot}</Typography.Paragraph>
          <Flex justify="flex-end">
            <Button onClick={onClose}>{t.move.close}</Button>
          </Flex>
        </Flex>
      ) : (
        <ZodForm
          form={form}
          onSubmit={async (v) => {
            const r = await move.mutateAsync({ lineId: booking.lineId, slotId: v.slotId! });
            notify.success(r.message);
            onClose();
          }}
        >
          <FormField<MoveValues>
            name="slotId"
            label={t.move.slot}
            required
            kind="select"
            help={t.move.slotHelp}
            options={slots.map((s) => ({ value: s.id, label: `${slotText(s, t.allDay)} — ${t.placesLeft(s.placesLeft)}` }))}
          />
          <Flex wrap gap={8} justify="flex-end">
            <Button onClick={onClose}>{t.move.close}</Button>
            <SubmitButton>{t.move.submit}</SubmitButton>
          </Flex>
        </ZodForm>
      )}
    </Modal>
  );
}
