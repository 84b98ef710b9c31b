import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Input, Segmented, Tag, type InputRef } from 'antd';
import BarcodeOutlined from '@ant-design/icons/es/icons/BarcodeOutlined';
import DesktopOutlined from '@ant-design/icons/es/icons/DesktopOutlined';
import RollbackOutlined from '@ant-design/icons/es/icons/RollbackOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import type { PosCatalog, PosCatalogItem, PosClosing, PosSession, PosTicket, SalesPoint } from 'shared-kernel/contracts';
import { changeDue, displayFrames, formatCents, formatDateTime } from 'shared-kernel/domain';
import { bus, useLayoutMode, useSession } from 'shared-kernel/runtime';
import { useTillQueue } from '../offline';
import { CloseDayDialog } from './CloseDayDialog';
import { FreeLineDialog } from './FreeLineDialog';
import { NewClientDialog } from './NewClientDialog';
import { PaymentDialog } from './PaymentDialog';
import type { Payment } from './PaymentsEditor';
import { ProductPicker } from './ProductPicker';
import { RefundDialog } from './RefundDialog';
import { RejectedTicketsDialog } from './RejectedTicketsDialog';
import { SaleDone, type SaleResult } from './SaleDone';
import { TicketPanel } from './TicketPanel';
import { addFreeLine, addItem, EMPTY_CART, lookupCode, newKey, priceCart, quantityOf, toTicketInput, type Cart } from './ticket-model';
import { BARCODE_FIELD_ATTR, useBarcodeScanner } from './useBarcodeScanner';
import { useCustomerDisplay } from './useCustomerDisplay';
import { useTexts } from './texts';

type Dialog = 'pay' | 'free' | 'client' | 'rejected' | 'refund' | 'close' | null;
type Feedback = { type: 'success' | 'warning' | 'error'; text: string } | null;

/**
 * The till: product tiles and a barcode field on the left, the ticket on the right (stacked on a tablet
 * held upright, one or the other on a phone), then the payment, the ticket screen, refunds and the day's closing.
 * Tickets go through the offline queue: recorded by the api, or kept on this device until the network is back.
 * Keyboard: F2 search, F4 barcode field, F9 take payment; a scanner works wherever the focus is but a text field.
 */
export function Till({
  salesPoint,
  session,
  catalog,
  catalogOffline,
  onClosed,
}: {
  salesPoint: SalesPoint;
  session: PosSession;
  catalog: PosCatalog;
  catalogOffline: boolean;
  onClosed: (closing: PosClosing) => void;
}) {
  const t = useTexts();
  const { queue, online, pending, rejected } = useTillQueue(salesPoint.id);
  const display = useCustomerDisplay(salesPoint.display);
  const shopName = useSession((s) => s.shop?.name) ?? salesPoint.name;
  const mobile = useLayoutMode() === 'mobile';
  const backOffice = `/dashboard/salespoints/${salesPoint.id}`;

  const [cart, setCartState] = useState<Cart>(EMPTY_CART);
  // the latest cart, for handlers that run between two renders (a scan right after a scan)
  const cartRef = useRef(cart);
  const setCart = useCallback((next: Cart) => {
    cartRef.current = next;
    setCartState(next);
  }, []);
  const update = useCallback((fn: (c: Cart) => Cart) => setCart(fn(cartRef.current)), [setCart]);
  const priced = useMemo(() => priceCart(cart), [cart]);

  const [dialog, setDialog] = useState<Dialog>(null);
  const [result, setResult] = useState<SaleResult | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [view, setView] = useState<'products' | 'ticket'>('products');
  const [barcode, setBarcode] = useState('');
  const [saleKey, setSaleKey] = useState(newKey);
  const searchRef = useRef<InputRef>(null);
  const barcodeRef = useRef<InputRef>(null);

  const welcome = useMemo(() => displayFrames.welcome(shopName), [shopName]);
  const { show } = display;
  useEffect(() => {
    if (display.status === 'connected') show(welcome);
  }, [display.status, show, welcome]);

  const add = useCallback(
    (item: PosCatalogItem) => {
      const { cart: next, line } = addItem(cartRef.current, item);
      setCart(next);
      show(displayFrames.item(line.label, line.quantity, line.free ? 0 : line.unitPriceTTC * line.quantity));
      const inCart = quantityOf(next, item.formatId);
      if (item.stock <= 0) setFeedback({ type: 'warning', text: t.products.outOfStockWarning(item.label) });
      else if (inCart > item.stock) setFeedback({ type: 'warning', text: t.products.overStockWarning(item.label, item.stock) });
      else setFeedback({ type: 'success', text: t.scan.added(item.label) });
    },
    [setCart, show, t],
  );

  /** Leaves the ticket screen: after a sale, a new empty ticket; after a refund, back to the ticket in progress. */
  const finish = useCallback(() => {
    const wasSale = !(result?.kind === 'recorded' && result.ticket.kind === 'refund');
    if (wasSale) {
      setCart(EMPTY_CART);
      setSaleKey(newKey());
      setView('products');
    }
    setResult(null);
    setFeedback(null);
    show(welcome);
  }, [result, setCart, show, welcome]);

  const handleCode = useCallback(
    (raw: string) => {
      setBarcode('');
      if (!raw.trim()) return;
      // a scan on the ticket screen starts the next sale
      if (result) finish();
      const found = lookupCode(catalog.items, raw);
      if (found.kind === 'invalid') setFeedback({ type: 'error', text: t.scan.invalid(found.code) });
      else if (found.kind === 'unknown') setFeedback({ type: 'error', text: t.scan.unknown(found.code) });
      else add(found.item);
    },
    [catalog.items, add, t, result, finish],
  );

  const busy = dialog !== null || result !== null;
  useBarcodeScanner(handleCode, { enabled: dialog === null });

  const canPay = cart.lines.length > 0 && priced.problems.length === 0;
  const openPay = useCallback(() => {
    if (!canPay) return;
    setDialog('pay');
    show(displayFrames.total(priced.totalTTC));
  }, [canPay, priced.totalTTC, show]);

  useEffect(() => {
    if (busy) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        setView('products');
        searchRef.current?.focus();
      } else if (e.key === 'F4') {
        e.preventDefault();
        setView('products');
        barcodeRef.current?.focus();
      } else if (e.key === 'F9') {
        e.preventDefault();
        openPay();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, openPay]);

  const pay = async ({ payments, cashGiven }: { payments: Payment[]; cashGiven: number | null }) => {
    const current = cartRef.current;
    const submitted = await queue.submit(toTicketInput(current, { key: saleKey, payments, cashGiven }));
    const change = submitted.status === 'recorded' ? submitted.ticket.change : changeDue(payments, cashGiven);
    if (cashGiven !== null && payments.some((p) => p.method === 'cash')) show(displayFrames.change(change));
    setResult(
      submitted.status === 'recorded'
        ? { kind: 'recorded', ticket: submitted.ticket }
        : {
            kind: 'queued',
            number: submitted.number,
            at: submitted.at,
            priced: submitted.priced,
            payments,
            cashGiven,
            client: current.client?.name ?? null,
          },
    );
    setDialog(null);
  };

  const showRefund = (refund: PosTicket) => {
    setDialog(null);
    setResult({ kind: 'recorded', ticket: refund });
  };

  const units = cart.lines.reduce((n, l) => n + l.quantity, 0);

  return (
    <div className={`wz-till wz-till--${view}`}>
      <header className="wz-till__bar">
        <Button
          type="text"
          className="wz-till__back"
          icon={<ArrowLeftOutlined aria-hidden />}
          href={backOffice}
          onClick={(e) => {
            // the till is a parcel with its own root: the shell's router does the navigation
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            bus.emit('navigate', { to: backOffice });
          }}
        >
          {t.backOffice}
        </Button>
        <div className="wz-till__title">
          <h1 className="wz-till-h1">{salesPoint.name}</h1>
          <span className="wz-till-help">{t.session(session.openedBy, formatDateTime(session.openedAt))}</span>
        </div>
        <div className="wz-till__actions" role="group" aria-label={t.actions}>
          {salesPoint.display &&
            (display.status === 'connected' ? (
              <Tag color="green" icon={<DesktopOutlined aria-hidden />}>
                {t.display.connected}
              </Tag>
            ) : display.status === 'unsupported' ? (
              <span className="wz-till-help">{t.display.unsupported}</span>
            ) : (
              <Button
                icon={<DesktopOutlined aria-hidden />}
                loading={display.status === 'connecting'}
                onClick={() => void display.connect()}
              >
                {t.display.connect}
              </Button>
            ))}
          <Button icon={<RollbackOutlined aria-hidden />} disabled={busy} onClick={() => setDialog('refund')}>
            {t.refund.open}
          </Button>
          {/* also from the ticket screen of the last sale: closing must not wait for « Nouvelle vente » */}
          <Button icon={<LockOutlined aria-hidden />} danger disabled={dialog !== null} onClick={() => setDialog('close')}>
            {t.close.open}
          </Button>
        </div>
      </header>
      {(!online || pending > 0) && (
        <Alert
          className="wz-till__banner"
          type={online ? 'info' : 'warning'}
          showIcon
          role="status"
          title={online ? t.queue.pending(pending) : t.queue.offline(pending)}
        />
      )}
      {rejected > 0 && (
        <Alert
          className="wz-till__banner"
          type="error"
          showIcon
          role="alert"
          title={t.queue.rejected(rejected)}
          action={
            <Button danger onClick={() => setDialog('rejected')}>
              {t.queue.rejectedOpen}
            </Button>
          }
        />
      )}
      {catalogOffline && <Alert className="wz-till__banner" type="warning" showIcon title={t.catalogOffline(formatDateTime(catalog.at))} />}

      {result ? (
        <SaleDone result={result} salesPoint={salesPoint} clientEmail={cart.client?.email ?? null} onFinish={finish} />
      ) : (
        <>
          <Segmented
            className="wz-till__views"
            aria-label={t.views.label}
            block
            value={view}
            onChange={(v) => setView(v as 'products' | 'ticket')}
            options={[
              { value: 'products', label: t.views.products },
              { value: 'ticket', label: t.views.ticket(units, formatCents(priced.totalTTC)) },
            ]}
          />
          <div className="wz-till__main">
            <div className="wz-till__left">
              <form
                className="wz-scan"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  handleCode(barcode);
                }}
              >
                <label htmlFor="wz-till-barcode" className="wz-till-label">
                  {t.scan.label}
                </label>
                <div className="wz-scan__row">
                  <Input
                    id="wz-till-barcode"
                    ref={barcodeRef}
                    {...{ [BARCODE_FIELD_ATTR]: '' }}
                    size="large"
                    inputMode="numeric"
                    autoComplete="off"
                    prefix={<BarcodeOutlined aria-hidden />}
                    placeholder={t.scan.placeholder}
                    value={barcode}
                    onChange={(e) => setBarcode(e.target.value)}
                  />
                  <Button size="large" htmlType="submit">
                    {t.scan.add}
                  </Button>
                </div>
                <div className="wz-feedback" aria-live="polite">
                  {feedback && (
                    <Alert
                      type={feedback.type}
                      showIcon
                      role={feedback.type === 'success' ? 'status' : 'alert'}
                      title={feedback.text}
                      closable={{ onClose: () => setFeedback(null) }}
                    />
                  )}
                </div>
              </form>
              <ProductPicker items={catalog.items} onAdd={add} searchRef={searchRef} />
            </div>
            <div className="wz-till__right">
              <TicketPanel
                cart={cart}
                priced={priced}
                onChange={update}
                onFreeLine={() => setDialog('free')}
                onNewClient={() => setDialog('client')}
                onPay={openPay}
                hidePay={mobile}
              />
            </div>
          </div>
          <p className="wz-till__hint">{t.shortcuts}</p>
          {mobile && (
            // on a phone the tiles run for screens: the ticket and the payment stay at hand, stuck to the bottom
            <div className="wz-till__paybar" role="group" aria-label={t.paybar}>
              <Button size="large" aria-pressed={view === 'ticket'} onClick={() => setView(view === 'ticket' ? 'products' : 'ticket')}>
                {view === 'ticket' ? t.views.products : t.views.ticket(units, formatCents(priced.totalTTC))}
              </Button>
              <Button type="primary" size="large" className="wz-pay" disabled={!canPay} onClick={openPay}>
                {`${t.ticket.pay} ${formatCents(priced.totalTTC)}`}
              </Button>
            </div>
          )}
        </>
      )}

      {/* mounted while open only: each opening starts afresh (payments, count, chosen ticket) */}
      {dialog === 'pay' && (
        <PaymentDialog
          open
          total={priced.totalTTC}
          methods={salesPoint.methods}
          onCancel={() => {
            setDialog(null);
            show(welcome);
          }}
          onSubmit={pay}
        />
      )}
      {dialog === 'free' && (
        <FreeLineDialog
          open
          onClose={() => setDialog(null)}
          onAdd={(values) => {
            const { cart: next, line } = addFreeLine(cartRef.current, values);
            setCart(next);
            show(displayFrames.item(line.label, 1, line.free ? 0 : line.unitPriceTTC));
          }}
        />
      )}
      {dialog === 'client' && (
        <NewClientDialog
          onClose={() => setDialog(null)}
          onCreated={(client) => {
            update((c) => ({ ...c, client }));
            setFeedback({ type: 'success', text: t.client.created(client.name) });
          }}
        />
      )}
      {dialog === 'rejected' && (
        <RejectedTicketsDialog salesPointId={salesPoint.id} queue={queue} rejected={rejected} onClose={() => setDialog(null)} />
      )}
      {dialog === 'refund' && (
        <RefundDialog open salesPoint={salesPoint} session={session} onClose={() => setDialog(null)} onRefunded={showRefund} />
      )}
      {dialog === 'close' && (
        <CloseDayDialog
          open
          salesPoint={salesPoint}
          session={session}
          pending={pending}
          onClose={() => setDialog(null)}
          onClosed={onClosed}
        />
      )}
    </div>
  );
}
