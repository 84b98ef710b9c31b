import { useEffect, useMemo } from 'react';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useWatch } from 'react-hook-form';
import type { TicketContactShop } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { errorMessage, FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { newTicketSchema } from './newTicket.schema';
import { useContactShops, useCreateTicket } from './tickets.queries';
import { useTexts } from './texts';

/** A buyer writes to a shop: the shops they ordered from (or ?shop=<urlShop>), optionally about one of their orders. */
export function NewTicketForm({ shop, onCreated }: { shop: string | null; onCreated: (id: number) => void }) {
  const t = useTexts();
  const shops = useContactShops(shop, true);
  if (shops.isError) {
    return (
      <Result
        status="error"
        title={t.loadError}
        subTitle={errorMessage(shops.error)}
        extra={
          <Button type="primary" onClick={() => void shops.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (!shops.data) {
    return (
      <div role="status" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const prefill = shop ? shops.data.find((s) => s.urlShop.toLowerCase() === shop.toLowerCase() || String(s.id) === shop) : undefined;
  return <Form shops={shops.data} initialShop={prefill ?? (shops.data.length === 1 ? shops.data[0] : undefined)} onCreated={onCreated} />;
}

function Form({
  shops,
  initialShop,
  onCreated,
}: {
  shops: TicketContactShop[];
  initialShop?: TicketContactShop;
  onCreated: (id: number) => void;
}) {
  const t = useTexts();
  const create = useCreateTicket();
  const form = useZodForm(newTicketSchema, {
    defaultValues: { shopId: initialShop ? String(initialShop.id) : '', orderId: '', subject: '', body: '' },
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const shopId = useWatch({ control: form.control, name: 'shopId' });
  const orders = useMemo(() => shops.find((s) => String(s.id) === shopId)?.orders ?? [], [shops, shopId]);
  const orderId = useWatch({ control: form.control, name: 'orderId' });
  // another shop: an order of the previous one no longer applies
  useEffect(() => {
    if (orderId && !orders.some((o) => String(o.id) === orderId)) form.setValue('orderId', '');
  }, [orderId, orders, form]);

  return (
    <ZodForm
      form={form}
      onSubmit={async (input) => {
        const saved = await create.mutateAsync({
          shopId: input.shopId,
          subject: input.subject,
          body: input.body,
          orderId: input.orderId ? Number(input.orderId) : null,
        });
        guard.allowNavigation();
        onCreated(saved.id);
      }}
    >
      {shops.length === 0 && <Alert type="info" showIcon message={t.noShops} style={{ marginBottom: 12 }} />}
      <FormField
        name="shopId"
        label={t.shop}
        kind="select"
        required
        searchable
        placeholder={t.shopPlaceholder}
        options={shops.map((s) => ({ value: String(s.id), label: s.name }))}
      />
      <FormField
        name="orderId"
        label={t.orderField}
        kind="select"
        disabled={orders.length === 0}
        options={[
          { value: '', label: t.noOrder },
          ...orders.map((o) => ({ value: String(o.id), label: `${o.number} — ${formatDate(o.createdAt)}` })),
        ]}
      />
      <FormField name="subject" label={t.subject} required maxLength={200} />
      <FormField name="body" label={t.message} kind="textarea" required rows={6} maxLength={5000} />
      <SubmitButton>{t.send}</SubmitButton>
    </ZodForm>
  );
}
