import { withQueryScope } from 'shared-kernel/kit';
import { Link, useSearchParams } from 'shared-kernel/router';
import { useTexts } from '../texts';
import { PurchaseForm } from './PurchaseForm';

export default withQueryScope(function PurchaseAddPage() {
  const t = useTexts();
  const [params] = useSearchParams();
  const supplierId = Number(params.get('supplierId')) || null;
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <Link to="/dashboard/purchases" style={{ width: 'fit-content' }}>
        ← {t.back}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.addTitle}</h1>
      <PurchaseForm supplierId={supplierId} />
    </section>
  );
});
