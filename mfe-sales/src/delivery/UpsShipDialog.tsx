// 'Expédier avec UPS' (module `ups`, manageDelivery): the order's UPS shipment. Without one: the service and the
// parcels (proposed from the shop's packaging, their weights editable), then UPS books it and the api marks the order
// shipped. With one: its tracking number, status and cost, 'Imprimer l'étiquette' and 'Annuler l'expédition'; once voided,
// the order can be booked again (it then takes the new tracking number) and the voided labels stay listed. UPS's
// refusals come from the api in French with what to do; they stay shown in the dialog.
import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Tag } from 'antd';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { formatCents, formatDateTime } from 'shared-kernel/domain';
import { errorMessage, FormField, SubmitButton, useZodForm, ZodForm, useAction } from 'shared-kernel/kit';
import { ApiError, notify, useLayoutMode } from 'shared-kernel/runtime';
import {
  downloadUpsLabel,
  UPS_SERVICE_OPTIONS,
  useCreateUpsShipment,
  useOrderUpsShipping,
  useVoidUpsShipment,
  type OrderUpsShipping,
  type UpsShipment,
} from './labels.queries';
import { useUpsTexts } from './ups.texts';

const WEIGHT = "Le poids d'un colis est compris entre 0,1 et 70 kg";
const upsShipSchema = z.object({
  service: z.enum(['11', '65', '07', '54', '08'], { error: 'Choisissez un service UPS' }),
  parcels: z
    .array(z.object({ weightKg: z.number({ error: WEIGHT }).min(0.1, WEIGHT).max(70, WEIGHT), bottles: z.number().nullable() }))
    .min(1, 'Indiquez de 1 à 20 colis')
    .max(20, 'Indiquez de 1 à 20 colis'),
});
type Values = z.input<typeof upsShipSchema>;

function ShipmentView({ shipment, orderId }: { shipment: UpsShipment; orderId: number }) {
  const t = useUpsTexts();
  const cancel = useVoidUpsShipment(orderId);
  const voiding = useAction({
    run: () => cancel.mutateAsync(shipment.id),
    confirm: { title: t.voidTitle, content: t.voidText, okText: t.voidShipment },
    success: (r) => r.message,
  });
  const label = useAction({ run: () => downloadUpsLabel(shipment) });
  const voidIt = () => void voiding.run();
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {shipment.environment === 'test' && <Alert type="warning" showIcon title={t.testEnvironment} />}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t.tracking}>
          <a href={shipment.trackingUrl} target="_blank" rel="noreferrer">
            {shipment.trackingNumber}
          </a>
        </Descriptions.Item>
        <Descriptions.Item label={t.service}>{shipment.serviceLabel}</Descriptions.Item>
        <Descriptions.Item label={t.status}>
          <Tag>{t.statuses[shipment.status] ?? shipment.status}</Tag> {shipment.lastEvent ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t.parcels}>
          {shipment.parcels.map((p, i) => `${t.parcel(i + 1)} : ${String(p.weightKg).replace('.', ',')} kg`).join(' · ')}
        </Descriptions.Item>
        {shipment.cost && <Descriptions.Item label={t.cost}>{formatCents(shipment.cost.cents)}</Descriptions.Item>}
      </Descriptions>
      <Flex wrap gap={8} justify="flex-end">
        {(shipment.status === 'created' || shipment.status === 'transit' || shipment.status === 'exception') && (
          <Button danger onClick={voidIt} loading={voiding.pending}>
            {t.voidShipment}
          </Button>
        )}
        {shipment.status !== 'voided' && (
          <Button type="primary" onClick={() => void label.run()}>
            {t.printLabel}
          </Button>
        )}
      </Flex>
    </div>
  );
}

function CreateForm({ data, onClose }: { data: OrderUpsShipping; onClose: () => void }) {
  const t = useUpsTexts();
  const create = useCreateUpsShipment(data.orderId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useZodForm(upsShipSchema, {
    defaultValues: { service: '11', parcels: data.suggestedParcels.length ? data.suggestedParcels : [{ weightKg: 1, bottles: null }] },
  });
  const parcels = useFieldArray({ control: form.control, name: 'parcels' });
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 8 }}
      onSubmit={async (v) => {
        setRefusal(null);
        try {
          const created = await create.mutateAsync(v);
          notify.success(created.message);
        } catch (err) {
          if (err instanceof ApiError && (err.field === 'service' || err.field?.startsWith('parcels'))) throw err;
          setRefusal(errorMessage(err));
        }
      }}
    >
      <p style={{ marginTop: 0 }}>{t.intro}</p>
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" />}
      <FormField<Values> name="service" kind="select" label={t.service} options={UPS_SERVICE_OPTIONS} />
      <strong>{t.parcels}</strong>
      {parcels.fields.map((f, i) => (
        <Flex key={f.id} gap={8} align="flex-end" wrap>
          <FormField<Values>
            name={`parcels.${i}.weightKg`}
            kind="number"
            label={`${t.parcel(i + 1)} — ${t.weight}`}
            help={f.bottles != null ? t.bottles(f.bottles) : undefined}
            min={0.1}
            max={70}
            step={0.1}
            precision={1}
          />
          {parcels.fields.length > 1 && (
            <Button size="small" onClick={() => parcels.remove(i)} aria-label={t.removeParcel(i + 1)}>
              ✕
            </Button>
          )}
        </Flex>
      ))}
      {parcels.fields.length < 20 && (
        <Button size="small" onClick={() => parcels.append({ weightKg: 1, bottles: null })} style={{ justifySelf: 'start' }}>
          {t.addParcel}
        </Button>
      )}
      <Flex wrap gap={8} justify="flex-end">
        <Button onClick={onClose}>{t.close}</Button>
        <SubmitButton>{t.create}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}

/** The dialog; mount it from the order detail or Expéditions with the order's id and number. */
export function UpsShipDialog({ orderId, number, onClose }: { orderId: number; number: string; onClose: () => void }) {
  const t = useUpsTexts();
  const mobile = useLayoutMode() === 'mobile';
  const query = useOrderUpsShipping(orderId);
  const data = query.data;
  return (
    <Modal open onCancel={onClose} title={t.title(number)} footer={null} width={mobile ? '100%' : 560} destroyOnHidden>
      {query.isPending && <p aria-busy="true">{t.loading}</p>}
      {query.isError && (
        <p role="alert">
          {errorMessage(query.error) || t.loadError}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </p>
      )}
      {data?.shipment && <ShipmentView shipment={data.shipment} orderId={orderId} />}
      {/* a label voided earlier stays listed: its number must not be used any more */}
      {data && (data.shipments ?? []).some((s) => s.status === 'voided') && (
        <ul className="wz-ups-voided" data-testid="ups-voided" style={{ margin: '0 0 12px', paddingLeft: 18 }}>
          {(data.shipments ?? [])
            .filter((s) => s.status === 'voided')
            .map((s) => (
              <li key={s.id}>{t.voidedOne(s.trackingNumber, formatDateTime(s.voidedAt ?? s.createdAt))}</li>
            ))}
        </ul>
      )}
      {data && !data.shipment && !data.accountConfigured && <Alert type="warning" showIcon title={t.notConfigured} role="alert" />}
      {data && !data.shipment && data.accountConfigured && <CreateForm data={data} onClose={onClose} />}
    </Modal>
  );
}

/** 'Expédier avec UPS' opening the dialog (the order detail's button). */
export function UpsShipButton({ orderId, number }: { orderId: number; number: string }) {
  const t = useUpsTexts();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t.open}</Button>
      {open && <UpsShipDialog orderId={orderId} number={number} onClose={() => setOpen(false)} />}
    </>
  );
}
