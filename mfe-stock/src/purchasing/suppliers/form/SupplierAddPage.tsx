import { Link } from 'shared-kernel/router';
import { withQueryScope } from 'shared-kernel/kit';
import { useTexts } from '../texts';
import { SupplierForm } from './SupplierForm';

export default withQueryScope(function SupplierAddPage() {
  const t = useTexts();
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <Link to="/dashboard/suppliers" style={{ width: 'fit-content' }}>
        ← {t.back}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{t.add}</h1>
      <SupplierForm />
    </section>
  );
});
