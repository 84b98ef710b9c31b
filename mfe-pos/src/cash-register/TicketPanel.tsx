import { useState } from 'react';
import { Button, Empty, Tag } from 'antd';
import MinusOutlined from '@ant-design/icons/es/icons/MinusOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { formatCents, type PricedTicket, type PricedTicketLine } from 'shared-kernel/domain';
import { ClientPicker } from './ClientPicker';
import { DiscountEditor } from './DiscountEditor';
import { PriceEditor } from './PriceEditor';
import { priceChanged, problemsByLine, removeLine, setLinePrice, updateLine, type Cart, type CartLine } from './ticket-model';
import { useTexts } from './texts';

const rate = (r: number) => String(r).replace('.', ',');

function LineRow({
  line,
  priced,
  problems,
  onChange,
}: {
  line: CartLine;
  priced: PricedTicketLine | undefined;
  problems: string[];
  onChange: (update: (cart: Cart) => Cart) => void;
}) {
  const t = useTexts();
  const [editing, setEditing] = useState(!!line.discount);
  const changed = priceChanged(line);
  const [editingPrice, setEditingPrice] = useState(changed);
  const hasProblem = problems.length > 0;
  const overStock = line.stock !== null && line.quantity > Math.max(0, line.stock);
  return (
    <li className={`wz-line${hasProblem ? ' wz-line--problem' : ''}`} aria-label={line.label}>
      <div className="wz-line__head">
        <div className="wz-line__name">
          <span className="wz-line__label">{line.label}</span>
          <span className="wz-line__sub" data-testid="line-unit">
            {[line.details, line.free ? t.ticket.offered : t.ticket.unit(formatCents(line.unitPriceTTC))].filter(Boolean).join(' · ')}
            {changed && (
              <>
                {' · '}
                <Tag color="orange" className="wz-line__changed">
                  {t.ticket.priceChanged}
                </Tag>
              </>
            )}
          </span>
        </div>
        <span className="wz-line__total" data-testid="line-total">
          {formatCents(priced?.totalTTC ?? 0)}
        </span>
      </div>
      <div className="wz-line__actions">
        <Button
          aria-label={t.ticket.less(line.label)}
          icon={<MinusOutlined aria-hidden />}
          disabled={line.quantity <= 1}
          onClick={() => onChange((c) => updateLine(c, line.id, { quantity: line.quantity - 1 }))}
        />
        <output className="wz-line__qty" aria-label={t.ticket.quantity(line.label)}>
          {line.quantity}
        </output>
        <Button
          aria-label={t.ticket.more(line.label)}
          icon={<PlusOutlined aria-hidden />}
          onClick={() => onChange((c) => updateLine(c, line.id, { quantity: line.quantity + 1 }))}
        />
        <Button aria-pressed={editing} aria-label={t.ticket.lineDiscount(line.label)} onClick={() => setEditing(!editing)}>
          {t.ticket.discount}
        </Button>
        {line.catalogPriceTTC !== null && (
          <Button
            aria-pressed={editingPrice}
            aria-label={t.ticket.changePriceOf(line.label)}
            onClick={() => setEditingPrice(!editingPrice)}
          >
            {t.ticket.changePrice}
          </Button>
        )}
        <Button
          aria-pressed={line.free}
          aria-label={t.ticket.offeredOf(line.label)}
          type={line.free ? 'primary' : 'default'}
          onClick={() => onChange((c) => updateLine(c, line.id, { free: !line.free }))}
        >
          {t.ticket.offered}
        </Button>
        <Button
          danger
          aria-label={t.ticket.remove(line.label)}
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => onChange((c) => removeLine(c, line.id))}
        />
      </div>
      {editing && (
        <DiscountEditor
          label={t.ticket.lineDiscount(line.label)}
          value={line.discount}
          onChange={(discount) => onChange((c) => updateLine(c, line.id, { discount }))}
        />
      )}
      {editingPrice && line.catalogPriceTTC !== null && (
        <PriceEditor
          label={line.label}
          price={line.unitPriceTTC}
          catalogPrice={line.catalogPriceTTC}
          onChange={(price) => onChange((c) => setLinePrice(c, line.id, price))}
        />
      )}
      {overStock && line.stock !== null && (
        <div className="wz-line__warning">
          {line.stock <= 0 ? t.products.outOfStock : t.products.overStockWarning(line.label, line.stock)}
        </div>
      )}
      {problems.map((p) => (
        <div key={p} role="alert" className="wz-line__problem">
          {p}
        </div>
      ))}
    </li>
  );
}

/**
 * The right side of the till: the ticket's lines (− / + quantity, a line discount, a price changed, offered, remove), the ticket's
 * discount, its client (or a new one), a free line, and the totals priced live by priceTicket (what the api will record).
 */
export function TicketPanel({
  cart,
  priced,
  onChange,
  onFreeLine,
  onNewClient,
  onPay,
  hidePay = false,
}: {
  cart: Cart;
  priced: PricedTicket;
  onChange: (update: (cart: Cart) => Cart) => void;
  onFreeLine: () => void;
  onNewClient: () => void;
  onPay: () => void;
  /** the phone's bottom bar holds the pay button */
  hidePay?: boolean;
}) {
  const t = useTexts();
  const problems = problemsByLine(priced);
  const [ticketDiscount, setTicketDiscount] = useState(false);
  const units = cart.lines.reduce((n, l) => n + l.quantity, 0);
  const canPay = cart.lines.length > 0 && priced.problems.length === 0;

  return (
    <section className="wz-ticket" aria-label={t.ticket.title}>
      <div className="wz-ticket__client">
        <ClientPicker value={cart.client} onChange={(client) => onChange((c) => ({ ...c, client }))} onNew={onNewClient} />
      </div>
      {cart.lines.length === 0 ? (
        <Empty className="wz-ticket__empty" description={t.ticket.empty} />
      ) : (
        <ul className="wz-lines" aria-label={t.ticket.articles(units)}>
          {cart.lines.map((line, i) => (
            <LineRow key={line.id} line={line} priced={priced.lines[i]} problems={problems.lines.get(i) ?? []} onChange={onChange} />
          ))}
        </ul>
      )}
      <div className="wz-ticket__tools">
        <Button onClick={onFreeLine}>{t.free.open}</Button>
        <Button aria-pressed={ticketDiscount || !!cart.discount} onClick={() => setTicketDiscount(!ticketDiscount)}>
          {t.ticket.ticketDiscount}
        </Button>
        {cart.lines.length > 0 && (
          <Button danger type="text" onClick={() => onChange((c) => ({ ...c, lines: [], discount: null }))}>
            {t.ticket.clear}
          </Button>
        )}
      </div>
      {(ticketDiscount || cart.discount) && (
        <DiscountEditor
          label={t.ticket.ticketDiscount}
          value={cart.discount}
          onChange={(discount) => onChange((c) => ({ ...c, discount }))}
        />
      )}
      {problems.ticket.map((p) => (
        <div key={p} role="alert" className="wz-line__problem">
          {p}
        </div>
      ))}
      <dl className="wz-totals">
        {priced.discount !== 0 && (
          <>
            <dt>{t.ticket.subtotal}</dt>
            <dd>{formatCents(priced.gross)}</dd>
            <dt>{t.ticket.discounts}</dt>
            <dd>{formatCents(-priced.discount)}</dd>
          </>
        )}
        <dt className="wz-totals__total">{t.ticket.total}</dt>
        <dd className="wz-totals__total" data-testid="ticket-total">
          {formatCents(priced.totalTTC)}
        </dd>
      </dl>
      {priced.vat.length > 0 && (
        <ul className="wz-totals__vat">
          {priced.vat.map((v) => (
            <li key={v.rate}>{t.ticket.vatLine(rate(v.rate), formatCents(v.vat))}</li>
          ))}
        </ul>
      )}
      {!hidePay && (
        <Button type="primary" size="large" block className="wz-pay" disabled={!canPay} onClick={onPay}>
          {`${t.ticket.pay} ${formatCents(priced.totalTTC)}`}
        </Button>
      )}
    </section>
  );
}
