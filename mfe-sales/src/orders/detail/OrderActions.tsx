// The actions bar of a back-office order (staff, `order.sales`): one button per action the api allows
// (`sales.allowedActions`, within the viewer's rights: invoice needs billOrder, ship/deliver manageDelivery, the others
// createOrder), each confirmed in a dialog (a reason for cancel and refuse, carrier and tracking number for ship) and
// sent to POST /sales/orders/:id/actions/:action; 'Acompte' (a deposit invoice, billOrder); 'Modifier' on a draft or
// pending back-office order (the order form in a drawer, PUT /sales/orders/:id). A quote has 'Devis (PDF)' and, while
// open, 'Envoyer le devis' (mail with the PDF and the link to answer online, POST /sales/orders/:id/quote/send) in place
// of the bare 'Envoyer' move.
import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, InputNumber, Modal, Radio, Switch } from 'antd';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SALES_MESSAGES as M, type OrderDetail } from 'shared-kernel/contracts';
import { MESSAGES as V } from 'shared-kernel/validation';
import { formatCents, maySalesAct, ORDER_ACTION_LABELS, type OrderAction } from 'shared-kernel/domain';
import { downloadApiFile, EditDrawer, FormField, SubmitButton, useEditDrawer, useZodForm, ZodForm } from 'shared-kernel/kit';
import { ApiError, notify, useLayoutMode } from 'shared-kernel/runtime';
import { SalesOrderForm } from '../form/SalesOrderForm';
import { eurosToCents } from '../form/sales-order.schema';
import { useCreateDeposit, useOrderAction, useSendQuote } from '../orders.queries';
import { useTexts } from '../texts';
// the api already lists only the moves the viewer may make; the screen applies the same rule to what it offers on its
// own (editing, a deposit) and to the moves, so that the two never disagree
import { useSalesActor } from './sales-actor';

const text = (max: number) => z.string().max(max, `Doit contenir au maximum ${max} caractères`);
const actionFormSchema = z.object({ reason: text(500), carrier: text(100), trackingNumber: text(100) });
type ActionFormValues = z.input<typeof actionFormSchema>;

/** 'Expédier une partie seulement': how many units of each article leave now (default: all that is left). */
function PartialShipment({
  lines,
  quantities,
  onChange,
}: {
  lines: NonNullable<NonNullable<OrderDetail['sales']>['shipping']>;
  quantities: Record<number, number>;
  onChange: (q: Record<number, number>) => void;
}) {
  const t = useTexts().actions;
  return (
    <div role="group" aria-label={t.partialLines} style={{ display: 'grid', gap: 6, marginBottom: 12 }}>
      {lines
        .filter((l) => l.ordered - l.shipped > 0)
        .map((l) => (
          <Flex key={l.lineId} gap={8} align="center" wrap>
            <label htmlFor={`ship-line-${l.lineId}`} style={{ flex: '1 1 200px' }}>
              {l.label} <span style={{ color: '#666' }}>({t.leftToShip(l.ordered - l.shipped)})</span>
            </label>
            <InputNumber
              id={`ship-line-${l.lineId}`}
              min={0}
              max={l.ordered - l.shipped}
              precision={0}
              value={quantities[l.lineId] ?? 0}
              onChange={(v) => onChange({ ...quantities, [l.lineId]: Number(v ?? 0) })}
            />
          </Flex>
        ))}
    </div>
  );
}

function ActionDialog({ order, action, onClose }: { order: OrderDetail; action: OrderAction; onClose: () => void }) {
  const t = useTexts().actions;
  const mobile = useLayoutMode() === 'mobile';
  const run = useOrderAction();
  const form = useZodForm(actionFormSchema, { defaultValues: { reason: '', carrier: '', trackingNumber: '' } });
  const toShip = (order.sales?.shipping ?? []).filter((l) => l.ordered - l.shipped > 0);
  const [partial, setPartial] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(toShip.map((l) => [l.lineId, l.ordered - l.shipped])),
  );
  const [partialError, setPartialError] = useState<string | null>(null);
  const withReason = action === 'cancel' || action === 'refuse';
  // an order (not a quote) is sent to the shop, not to the client
  const sendOrder = action === 'send' && order.sales?.subType !== 'quote';
  const danger = action === 'cancel' || action === 'refuse';
  return (
    <Modal
      open
      onCancel={onClose}
      title={sendOrder ? t.titles.sendOrder : t.titles[action]}
      footer={null}
      width={mobile ? '100%' : 520}
      destroyOnHidden
    >
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 4 }}
        onSubmit={async (v) => {
          const lines = partial
            ? toShip.map((l) => ({ lineId: l.lineId, quantity: quantities[l.lineId] ?? 0 })).filter((l) => l.quantity > 0)
            : null;
          if (partial && !lines?.length) {
            setPartialError(M.shipNothing);
            return;
          }
          const input =
            action === 'ship'
              ? { carrier: v.carrier.trim() || null, trackingNumber: v.trackingNumber.trim() || null, ...(lines ? { lines } : {}) }
              : withReason
                ? { reason: v.reason.trim() || null }
                : {};
          try {
            const result = await run.mutateAsync({ id: order.id, action, input });
            notify.success(result.message);
            onClose();
          } catch (err) {
            // the order moved meanwhile: say why, and show it as it is now (the detail refetches)
            if (err instanceof ApiError && err.status === 409) {
              notify.error(err.message);
              onClose();
              return;
            }
            throw err;
          }
        }}
      >
        <p style={{ marginTop: 0 }}>{sendOrder ? t.content.sendOrder : t.content[action]}</p>
        {action === 'cancel' && order.status === 'invoiced' && (
          <Alert type="warning" showIcon title={t.cancelInvoiced} style={{ marginBottom: 12 }} />
        )}
        {action === 'cancel' && order.sales?.source === 'shop' && (order.paymentStatus === 'paid' || order.paymentStatus === 'partial') && (
          <Alert type="warning" showIcon title={t.cancelPaidOnline} style={{ marginBottom: 12 }} />
        )}
        {withReason && <FormField<ActionFormValues> name="reason" label={t.reasonOptional} kind="textarea" rows={2} maxLength={500} />}
        {action === 'ship' && toShip.length > 0 && (
          <>
            <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
              <Switch id="ship-partial" checked={partial} onChange={setPartial} />
              <label htmlFor="ship-partial">{t.partial}</label>
            </Flex>
            {partial && (
              <PartialShipment
                lines={toShip}
                quantities={quantities}
                onChange={(q) => {
                  setQuantities(q);
                  setPartialError(null);
                }}
              />
            )}
            {partialError && <Alert type="error" showIcon role="alert" title={partialError} style={{ marginBottom: 12 }} />}
          </>
        )}
        {action === 'ship' && (
          <>
            <FormField<ActionFormValues> name="carrier" label={t.carrier} maxLength={100} />
            <FormField<ActionFormValues> name="trackingNumber" label={t.trackingNumber} maxLength={100} />
          </>
        )}
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{t.back}</Button>
          <SubmitButton danger={danger}>{ORDER_ACTION_LABELS[action]}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}

const depositFormSchema = z.object({
  mode: z.enum(['percent', 'amount']),
  value: z.number({ error: M.depositAmount }).gt(0, M.depositAmount),
});
type DepositFormValues = z.input<typeof depositFormSchema>;

function DepositDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const all = useTexts();
  const t = all.deposit;
  const mobile = useLayoutMode() === 'mobile';
  const create = useCreateDeposit();
  const remaining = order.sales?.remainingToInvoice ?? 0;
  const form = useZodForm(
    depositFormSchema.superRefine((v, ctx) => {
      if (v.mode === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', message: M.discountPercent, path: ['value'] });
      if (v.mode === 'amount' && eurosToCents(v.value) > remaining)
        ctx.addIssue({ code: 'custom', message: M.depositTooLarge, path: ['value'] });
    }),
    { defaultValues: { mode: 'percent', value: 30 } },
  );
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <Modal open onCancel={onClose} title={t.title} footer={null} width={mobile ? '100%' : 480} destroyOnHidden>
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 4 }}
        onSubmit={async (v) => {
          const input = v.mode === 'percent' ? { percent: v.value } : { amount: eurosToCents(v.value) };
          try {
            const invoice = await create.mutateAsync({ id: order.id, input });
            notify.success(M.depositIssued(invoice.number));
            onClose();
          } catch (err) {
            if (err instanceof ApiError && (err.field === 'percent' || err.field === 'amount'))
              throw new ApiError(err.status, err.message, 'value', err.body);
            throw err;
          }
        }}
      >
        <p style={{ marginTop: 0 }}>{t.remaining(formatCents(remaining))}</p>
        <FormField<DepositFormValues>
          name="mode"
          label={t.mode}
          render={(field, a11y) => (
            <Radio.Group
              id={a11y.id}
              optionType="button"
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              options={[
                { value: 'percent', label: t.percent },
                { value: 'amount', label: t.amount },
              ]}
            />
          )}
        />
        <FormField<DepositFormValues>
          name="value"
          label={t.value}
          kind="number"
          min={0}
          max={mode === 'percent' ? 100 : undefined}
          precision={2}
          suffix={mode === 'percent' ? '%' : '€ TTC'}
          required
        />
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{all.actions.back}</Button>
          <SubmitButton>{t.submit}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}

const sendQuoteSchema = z.object({
  email: z.union([z.literal(''), z.email(V.email)]),
  message: text(2000),
});
type SendQuoteValues = z.input<typeof sendQuoteSchema>;

function SendQuoteDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const all = useTexts();
  const t = all.quote;
  const mobile = useLayoutMode() === 'mobile';
  const send = useSendQuote();
  const form = useZodForm(sendQuoteSchema, { defaultValues: { email: '', message: '' } });
  return (
    <Modal
      open
      onCancel={onClose}
      title={t.sendTitle(order.sales?.quoteNumber ?? order.number)}
      footer={null}
      width={mobile ? '100%' : 520}
      destroyOnHidden
    >
      <ZodForm
        form={form}
        style={{ display: 'grid', gap: 4 }}
        onSubmit={async (v) => {
          try {
            const r = await send.mutateAsync({ id: order.id, input: { email: v.email.trim() || null, message: v.message.trim() || null } });
            notify.success(r.message);
            onClose();
          } catch (err) {
            if (err instanceof ApiError && err.status === 409) {
              notify.error(err.message);
              onClose();
              return;
            }
            throw err;
          }
        }}
      >
        <p style={{ marginTop: 0 }}>{t.sendHint}</p>
        <FormField<SendQuoteValues> name="email" label={t.email} help={t.emailHint} kind="email" maxLength={200} />
        <FormField<SendQuoteValues> name="message" label={t.message} kind="textarea" rows={3} maxLength={2000} />
        <Flex wrap gap={8} justify="flex-end">
          <Button onClick={onClose}>{all.actions.back}</Button>
          <SubmitButton>{t.submit}</SubmitButton>
        </Flex>
      </ZodForm>
    </Modal>
  );
}

const EDITABLE = new Set(['draft', 'pending']);
const DEPOSITABLE = new Set(['draft', 'pending', 'validated']);

/** The actions of a back-office order; `extra` comes first (the buyer-order validation button). */
export function OrderActions({ order, extra }: { order: OrderDetail; extra?: ReactNode }) {
  const t = useTexts();
  const actor = useSalesActor();
  const sales = order.sales;
  const [action, setAction] = useState<OrderAction | null>(null);
  const [depositing, setDepositing] = useState(false);
  const [sending, setSending] = useState(false);
  const edit = useEditDrawer();
  if (!sales) return <>{extra}</>;
  const quoteNumber = sales.quoteNumber;
  const openQuote = sales.subType === 'quote' && !!quoteNumber && EDITABLE.has(order.status);
  const state = { status: order.status, subType: sales.subType };
  const canQuote = maySalesAct(actor, 'send', { ...state, subType: 'quote' });
  const actions = sales.allowedActions.filter((a) => a !== 'expire' && !(openQuote && a === 'send') && maySalesAct(actor, a, state));
  const managed = sales.managedElsewhere ?? null;
  const editable = !managed && sales.source === 'backoffice' && EDITABLE.has(order.status) && maySalesAct(actor, 'edit', state);
  const deposit =
    !managed &&
    sales.subType === 'order' &&
    DEPOSITABLE.has(order.status) &&
    sales.remainingToInvoice > 0 &&
    maySalesAct(actor, 'deposit', state);

  return (
    <Flex wrap gap={8} role="group" aria-label={t.actions.label}>
      {managed && <Alert type="info" showIcon title={managed} style={{ flexBasis: '100%' }} />}
      {extra}
      {editable && <Button onClick={() => edit.open()}>{t.sales.edit}</Button>}
      {actions.map((a) => (
        <Button
          key={a}
          type={a === 'validate' || a === 'invoice' ? 'primary' : 'default'}
          danger={a === 'cancel' || a === 'refuse'}
          onClick={() => setAction(a)}
        >
          {ORDER_ACTION_LABELS[a]}
        </Button>
      ))}
      {deposit && <Button onClick={() => setDepositing(true)}>{t.sales.deposit}</Button>}
      {openQuote && canQuote && (
        <Button type={order.status === 'draft' ? 'primary' : 'default'} onClick={() => setSending(true)}>
          {order.status === 'draft' ? t.quote.send : t.quote.resend}
        </Button>
      )}
      {quoteNumber && (
        <Button onClick={() => void downloadApiFile(`/sales/orders/${order.id}/quote.pdf`, undefined, `${quoteNumber}.pdf`)}>
          {t.quote.pdf}
        </Button>
      )}
      {sending && <SendQuoteDialog order={order} onClose={() => setSending(false)} />}
      {action && <ActionDialog order={order} action={action} onClose={() => setAction(null)} />}
      {depositing && <DepositDialog order={order} onClose={() => setDepositing(false)} />}
      {editable && (
        <EditDrawer {...edit.props} title={t.sales.editTitle(order.number)} width={880}>
          <SalesOrderForm order={order} onDone={edit.close} />
        </EditDrawer>
      )}
    </Flex>
  );
}
