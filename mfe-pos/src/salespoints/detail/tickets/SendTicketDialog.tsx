// 'Envoyer par e-mail': the address (§5 e-mail rule), then POST /pos/tickets/:id/send { email }. The success is a
// snackbar (POS_MESSAGES.sent); an api error on `email` lands under the field, any other as an error snackbar.
import { Button, Flex, Modal } from 'antd';
import { z } from 'zod';
import { POS_MESSAGES, type PosTicket } from 'shared-kernel/contracts';
import { FormField, SubmitButton, useZodForm, ZodForm } from 'shared-kernel/kit';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { schemas } from 'shared-kernel/validation';
import { useSendTicket } from '../../salespoints.queries';
import { useTexts } from '../../texts';

const sendSchema = z.object({ email: schemas.email });

function SendForm({ ticket, onDone }: { ticket: PosTicket; onDone: () => void }) {
  const all = useTexts();
  const t = all.ticket;
  const send = useSendTicket();
  const form = useZodForm(sendSchema, { defaultValues: { email: '' } });
  return (
    <ZodForm
      form={form}
      aria-label={t.sendTitle(ticket.ref)}
      onSubmit={async ({ email }) => {
        await send.mutateAsync({ id: ticket.id, email });
        notify.success(POS_MESSAGES.sent(email));
        onDone();
      }}
    >
      <FormField name="email" label={t.email} kind="email" autoComplete="email" required />
      <Flex wrap gap={8} justify="flex-end">
        <Button onClick={onDone}>{all.cancel}</Button>
        <SubmitButton>{t.sendSubmit}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}

export function SendTicketDialog({ ticket, onClose }: { ticket: PosTicket | null; onClose: () => void }) {
  const t = useTexts().ticket;
  const mobile = useLayoutMode() === 'mobile';
  return (
    <Modal
      open={ticket !== null}
      title={ticket ? t.sendTitle(ticket.ref) : ''}
      onCancel={onClose}
      footer={null}
      width={mobile ? '100%' : 420}
      destroyOnHidden
    >
      {ticket && <SendForm ticket={ticket} onDone={onClose} />}
    </Modal>
  );
}
