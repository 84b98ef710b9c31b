// /dashboard/orders/add?subType=quote|bill|sample&clientId=: the back-office order form ('bill' = an order to
// invoice, subType 'order'), the client preselected when given.
import { withQueryScope } from 'shared-kernel/kit';
import { Link, useSearchParams } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import type { SalesOrderSubType } from 'shared-kernel/contracts';
import { SalesOrderForm } from './SalesOrderForm';
import { useTexts } from './texts';

const SUBTYPES: Record<string, SalesOrderSubType> = { quote: 'quote', sample: 'sample', bill: 'order', order: 'order' };

export default withQueryScope(function SalesOrderAddPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const [params] = useSearchParams();
  const subType = SUBTYPES[params.get('subType') ?? ''] ?? 'order';
  const rawClient = Number(params.get('clientId'));
  const clientId = Number.isSafeInteger(rawClient) && rawClient > 0 ? rawClient : null;
  const back =
    subType === 'quote'
      ? { to: '/dashboard/orders/quotes', label: t.backQuotes }
      : subType === 'sample'
        ? { to: '/dashboard/orders/samples', label: t.backSamples }
        : { to: '/dashboard/orders', label: t.back };
  return (
    <section style={{ display: 'grid', gap: 16, padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Link to={back.to} style={{ width: 'fit-content' }}>
        ← {back.label}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.addTitle[subType]}</h1>
      <SalesOrderForm subType={subType} clientId={clientId} />
    </section>
  );
});
