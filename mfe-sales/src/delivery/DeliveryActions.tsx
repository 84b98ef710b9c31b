// The actions of one order to ship: 'Bon de livraison' (the PDF), 'Expédier' (carrier and tracking number, the client
// gets them by mail) and 'Marquer livrée', each offered only when the order's delivery status allows it (the one state
// machine of shared-kernel/domain/order-lifecycle.ts, which the api enforces).
import { Button, Flex, Modal } from 'antd';
import { z } from 'zod';
import type { DeliveryItem } from 'shared-kernel/contracts';
import { nextOrderState, shopModuleActive, type DeliveryStatus, type OrderStatus } from 'shared-kernel/domain';
import { errorMessage, FormField, SubmitButton, useZodForm, ZodForm, useAction } from 'shared-kernel/kit';
import { ApiError, notify, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { downloadDeliveryNote, useDeliveryAction } from './delivery.queries';
import { useTexts } from './texts';
import { UpsShipButton } from './UpsShipDialog';

const text = (max: number) => z.string().trim().max(max, `Doit contenir au maximum ${max} caractères`);
const shipSchema = z.object({ carrier: text(100), trackingNumber: text(100) });
type ShipValues = z.input<typeof shipSchema>;

/** Whether the state machine allows `action` on this order now. */
export const canDo = (item: Pick<DeliveryItem, 'status' | 'deliveryStatus'>, action: 'ship' | 'deliver'): boolean =>
  nextOrderState({ status: item.status as OrderStatus, deliveryStatus: item.deliveryStatus as DeliveryStatus }, action) !== null;

export function ShipDialog({ item, onClose }: { item: DeliveryItem; onClose: () => void }) {
  const t = useTexts().ship;
  const mobile = useLayoutMode() === 'mobile';
  const run = useDeliveryAction();
  const form = useZodForm(shipSchema, { defaultValues: { carrier: item.carrier ?? '', trackingNumber: item.trackingNumber ?? '' } });
  return (
    <Modal open onCancel={onClose} title={t.title(item.number)} footer={null} width={mobile ? '100%' : 480} destroyOnHidden>
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 4 }}
        onSubmit={async (v) => {
          try {
            const result = await run.mutateAsync({
              id: item.orderId,
              action: 'ship',
              input: { carrier: v.carrier || null, trackingNumber: v.trackingNumber || null },
            });
            notify.success(result.message);
            onClose();
          } catch (err) {
            // a field's message goes under its field (ZodForm); anything else is a snackbar, and a 409 (the order
            // moved meanwhile) closes the dialog on the refreshed list
            if (err instanceof ApiError && err.field) throw err;
            notify.error(errorMessage(err));
            if (err instanceof ApiError && err.status === 409) onClose();
          }
        }}
      >
        <p style={{ marginTop: 0 }}>{t.intro}</p>
        <FormField<ShipValues> name="carrier" label={t.carrier} help={t.carrierHelp} maxLength={100} />
        <FormField<ShipValues> name="trackingNumber" label={t.trackingNumber} maxLength={100} />
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{t.cancel}</Button>
          <SubmitButton>{t.submit}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}

/** The row's buttons. 'Expédier' asks the page to open the ship dialog: a dialog rendered inside a table row would
 * pass its clicks and keys on to the row (React events cross portals), which opens the order. */
export function DeliveryActions({ item, onShip }: { item: DeliveryItem; onShip: (item: DeliveryItem) => void }) {
  const t = useTexts().actions;
  const run = useDeliveryAction();
  // with the UPS module on, an order to ship can be booked with UPS, and one shipped with UPS shows its label
  const ups = useSession((s) => shopModuleActive(s.shop, 'ups')) && (canDo(item, 'ship') || item.carrier === 'UPS');

  const delivering = useAction({
    run: () => run.mutateAsync({ id: item.orderId, action: 'deliver' }),
    confirm: { title: t.deliverTitle(item.number), content: t.deliverContent, okText: t.deliver },
    success: (result) => result.message,
  });
  const deliver = () => void delivering.run();
  const note = useAction({ run: () => downloadDeliveryNote(item.orderId, item.number) });

  return (
    <Flex wrap gap={8} role="group" aria-label={t.group(item.number)}>
      <Button size="small" onClick={() => void note.run()}>
        {t.note}
      </Button>
      {canDo(item, 'ship') && (
        <Button size="small" type="primary" onClick={() => onShip(item)}>
          {t.ship}
        </Button>
      )}
      {ups && <UpsShipButton orderId={item.orderId} number={item.number} />}
      {canDo(item, 'deliver') && (
        <Button size="small" onClick={deliver}>
          {t.deliver}
        </Button>
      )}
    </Flex>
  );
}
