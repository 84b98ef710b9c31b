// The live price of the order being typed: POST /sales/orders/preview (priced by the cart's engine at the client's
// typology, nothing saved), asked 400 ms after the last change, with the priced lines, the order discount, the
// shipping, the VAT per rate, the totals and the problems the api found (stock, unknown article…).
import { useEffect, useState, type CSSProperties } from 'react';
import { Alert, Tag, Typography, theme } from 'antd';
import { useFormContext, useWatch } from 'react-hook-form';
import { errorMessage } from 'shared-kernel/kit';
import { formatCents } from 'shared-kernel/domain';
import { formatRate } from '../format';
import { useSalesOrderPreview } from '../orders.queries';
import { previewInput, type SalesOrderFormValues } from './sales-order.schema';
import { useTexts } from './texts';

export const PREVIEW_DEBOUNCE_MS = 400;

/** `value` once it has not changed for `ms` (compared by its JSON). */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const key = JSON.stringify(value) ?? 'null';
  const [state, setState] = useState<{ key: string; value: T }>({ key, value });
  useEffect(() => {
    if (key === state.key) return undefined;
    const timer = setTimeout(() => setState({ key, value: JSON.parse(key) as T }), ms);
    return () => clearTimeout(timer);
  }, [key, ms, state.key]);
  return state.value;
}

const nowrap: CSSProperties = { whiteSpace: 'nowrap' };

export function PricePreview() {
  const t = useTexts().preview;
  const { token } = theme.useToken();
  const { control } = useFormContext<SalesOrderFormValues>();
  const values = useWatch({ control }) as Partial<SalesOrderFormValues>;
  const input = useDebouncedValue(previewInput(values), PREVIEW_DEBOUNCE_MS);
  const preview = useSalesOrderPreview(input);
  const p = input ? preview.data : undefined;

  const row = (label: string, value: string, id: string, strong = false) => (
    <div key={id} style={{ display: 'contents' }}>
      <dt style={{ color: strong ? undefined : token.colorTextSecondary, fontWeight: strong ? 700 : undefined }}>{label}</dt>
      <dd data-testid={id} style={{ margin: 0, textAlign: 'right', fontWeight: strong ? 700 : undefined, ...nowrap }}>
        {value}
      </dd>
    </div>
  );

  let body;
  if (!input) body = <Typography.Text type="secondary">{t.hint}</Typography.Text>;
  else if (preview.isError && !p) body = <Alert type="error" showIcon title={t.failed} description={errorMessage(preview.error)} />;
  else if (!p)
    body = (
      <Typography.Text type="secondary" role="status">
        {t.loading}
      </Typography.Text>
    );
  else
    body = (
      <div style={{ display: 'grid', gap: 12, opacity: preview.isFetching ? 0.6 : 1 }} aria-busy={preview.isFetching}>
        {p.typology && <Typography.Text type="secondary">{t.typology(p.typology)}</Typography.Text>}
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {p.lines.map((l, i) => (
            <li key={i} data-testid="preview-line" style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, paddingBottom: 6 }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                  {l.label}
                </Typography.Text>
                <span style={nowrap}>{formatCents(l.totalHT)}</span>
              </div>
              {l.details && <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{l.details}</div>}
              <div style={{ fontSize: 13, color: token.colorTextSecondary }}>
                {t.unit(l.quantity, formatCents(l.unitPriceHT))}
                {l.discountHT > 0 && ` · ${t.lineDiscount(formatCents(l.discountHT))}`} · {formatRate(l.vatRate)}
                {l.free && (
                  <Tag style={{ marginInlineStart: 6 }} color="green">
                    {t.offered}
                  </Tag>
                )}
              </div>
            </li>
          ))}
        </ul>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 4, columnGap: 12 }}>
          {p.discountHT > 0 && row(t.discount, `− ${formatCents(p.discountHT)}`, 'preview-discount')}
          {row(t.shipping, formatCents(p.shippingHT), 'preview-shipping')}
          {row(t.totalHT, formatCents(p.totalHT), 'preview-total-ht')}
          {p.vatByRate.map((v) => row(t.vatOf(formatRate(v.rate), formatCents(v.baseHT)), formatCents(v.vat), `preview-vat-${v.rate}`))}
          {row(t.tva, formatCents(p.tva), 'preview-tva')}
          {row(t.totalTTC, formatCents(p.totalTTC), 'preview-total-ttc', true)}
        </dl>
        {p.problems.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={t.problems}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {p.problems.map((pb, i) => (
                  <li key={i}>{pb.message}</li>
                ))}
              </ul>
            }
          />
        )}
        {preview.isError && <Alert type="error" showIcon title={t.failed} description={errorMessage(preview.error)} />}
      </div>
    );

  return (
    <section
      aria-labelledby="sales-order-preview-title"
      data-testid="preview"
      aria-live="polite"
      style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 8, padding: 12, background: token.colorBgContainer }}
    >
      <h2 id="sales-order-preview-title" style={{ margin: '0 0 8px', fontSize: 16 }}>
        {t.title}
      </h2>
      {body}
    </section>
  );
}
