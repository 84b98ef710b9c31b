// The back-office order form (/dashboard/orders/add, and 'Modifier' on a draft or pending back-office order): client,
// lines, order discount, shipping price, warehouse (for whoever may read the warehouses), payment delay, notes, quote
// validity, with the live price beside it. Saves with POST /sales/orders (→ the new order's page) or PUT
// /sales/orders/:id; the api's field errors land under their field (ZodForm), any other as an error snackbar.
import { Flex } from 'antd';
import { useWatch } from 'react-hook-form';
import {
  SALES_MESSAGES as M,
  SALES_ORDER_SUBTYPE_LABELS,
  SALES_ORDER_SUBTYPES,
  type OrderDetail,
  type SalesOrderSubType,
} from 'shared-kernel/contracts';
import { currentShopId, hasPermission, PAYMENT_DELAYS } from 'shared-kernel/domain';
import { FormField, SubmitButton, useUnsavedChangesGuard, useZodForm, ZodForm } from 'shared-kernel/kit';
import { useNavigate } from 'shared-kernel/router';
import { notify, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { ClientSelect } from '../../lookups/ClientSelect';
import { useWarehouses } from '../../lookups/lookups.queries';
import { useCreateSalesOrder, useUpdateSalesOrder } from '../orders.queries';
import { LinesEditor, useVatRates } from './LinesEditor';
import { PricePreview } from './PricePreview';
import { salesOrderDefaults, salesOrderFormSchema, toFormError, toSalesOrderInput, type SalesOrderFormValues } from './sales-order.schema';
import { useTexts } from './texts';

/**
 * Whether the viewer may pick the warehouse: its list is the stock module's (owners, collaborators with seeAllStock or
 * createWarehouse). Anyone else — a sales agent, a collaborator without those rights — is not asked: the order ships
 * from the shop's default warehouse, which the producer may change on the order.
 */
function useMayChooseWarehouse(): boolean {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  if (!user || (user.role !== 'owner' && user.role !== 'iam')) return false;
  const shopId = currentShopId(user, shop);
  return hasPermission(user, shopId, 'seeAllStock') || hasPermission(user, shopId, 'createWarehouse');
}

function WarehouseField() {
  const t = useTexts();
  const warehouses = useWarehouses();
  return (
    <FormField<SalesOrderFormValues>
      name="warehouseId"
      label={t.warehouse}
      kind="select"
      placeholder={t.noWarehouse}
      options={warehouses.data ?? []}
    />
  );
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const section = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;
const legend = { fontWeight: 600, fontSize: 16, marginBottom: 8 } as const;
const grid = { display: 'grid', gap: '0 12px', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', alignItems: 'start' } as const;

export function SalesOrderForm({
  order,
  subType,
  clientId,
  onDone,
}: {
  /** editing this order (draft or pending), else a new one */
  order?: OrderDetail;
  subType?: SalesOrderSubType;
  clientId?: number | null;
  onDone?: () => void;
}) {
  const t = useTexts();
  const navigate = useNavigate();
  const mobile = useLayoutMode() === 'mobile';
  const vatRates = useVatRates();
  const create = useCreateSalesOrder();
  const update = useUpdateSalesOrder();
  const mayChooseWarehouse = useMayChooseWarehouse();
  const form = useZodForm(salesOrderFormSchema, {
    defaultValues: salesOrderDefaults({ order, subType, clientId, vatRate: vatRates[0] }),
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const current = useWatch({ control: form.control, name: 'subType' });
  const discountType = useWatch({ control: form.control, name: 'discountType' });
  const client = order?.sales?.client;

  return (
    <ZodForm
      form={form}
      aria-label={order ? t.update : t.addTitle[current]}
      style={{ display: 'grid', gap: 16, minWidth: 0 }}
      onSubmit={async (values) => {
        const input = toSalesOrderInput(values);
        let saved: OrderDetail;
        try {
          saved = order ? await update.mutateAsync({ id: order.id, input }) : await create.mutateAsync(input);
        } catch (err) {
          throw toFormError(err);
        }
        notify.success(order ? M.updated : values.subType === 'quote' ? M.quoteCreated : M.created);
        guard.allowNavigation();
        if (onDone) onDone();
        else navigate(`/dashboard/orders/${saved.id}`);
      }}
    >
      <div
        style={{
          display: 'grid',
          gap: 16,
          alignItems: 'start',
          gridTemplateColumns: mobile || onDone ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) minmax(280px, 360px)',
        }}
      >
        <div style={{ display: 'grid', gap: 16, minWidth: 0 }}>
          <fieldset style={section}>
            <legend style={legend}>{t.clientSection}</legend>
            <div style={grid}>
              <FormField<SalesOrderFormValues>
                name="subType"
                label={t.subType}
                kind="select"
                required
                disabled={!!order}
                options={SALES_ORDER_SUBTYPES.map((s) => ({ value: s, label: SALES_ORDER_SUBTYPE_LABELS[s] }))}
              />
              <div style={{ gridColumn: '1 / -1', minWidth: 0 }}>
                <FormField<SalesOrderFormValues>
                  name="clientId"
                  label={t.client}
                  required
                  render={(field, a11y) => (
                    <ClientSelect
                      value={field.value as number | null}
                      onChange={(id) => field.onChange(id)}
                      onBlur={field.onBlur}
                      a11y={a11y}
                      initial={client ? { id: client.id, name: client.name, code: client.code, typology: null } : null}
                    />
                  )}
                />
              </div>
            </div>
          </fieldset>
          <LinesEditor />
          <fieldset style={section}>
            <legend style={legend}>{t.conditions}</legend>
            <div style={grid}>
              <FormField<SalesOrderFormValues>
                name="discountType"
                label={t.discountType}
                kind="select"
                required
                options={[
                  { value: 'percent', label: t.discountTypes.percent },
                  { value: 'amount', label: t.discountTypes.amount },
                ]}
              />
              <FormField<SalesOrderFormValues>
                name="discountValue"
                label={t.discount}
                kind="number"
                min={0}
                max={discountType === 'percent' ? 100 : undefined}
                precision={2}
                suffix={discountType === 'percent' ? '%' : '€'}
              />
              <FormField<SalesOrderFormValues>
                name="shippingPrice"
                label={t.shipping}
                kind="number"
                min={0}
                precision={2}
                suffix="€"
                help={t.shippingHelp}
              />
              {mayChooseWarehouse && <WarehouseField />}
              <FormField<SalesOrderFormValues>
                name="paymentDelay"
                label={t.paymentDelay}
                kind="select"
                placeholder={t.paymentDelayPlaceholder}
                options={PAYMENT_DELAYS.map((d) => ({ value: d.value, label: d.label }))}
              />
              {current === 'quote' && (
                <FormField<SalesOrderFormValues>
                  name="validUntil"
                  label={t.validUntil}
                  kind="date"
                  min={tomorrow()}
                  help={t.validUntilHelp}
                />
              )}
            </div>
            <FormField<SalesOrderFormValues> name="notes" label={t.notes} kind="textarea" rows={3} maxLength={2000} />
          </fieldset>
        </div>
        <aside style={mobile || onDone ? undefined : { position: 'sticky', top: 16 }}>
          <PricePreview />
        </aside>
      </div>
      <Flex wrap gap={8}>
        <SubmitButton>{order ? t.update : t.submit[current]}</SubmitButton>
      </Flex>
    </ZodForm>
  );
}
