// /dashboard/stocks/add (?formatId= preselects a format).
import { Card } from 'antd';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { MovementForm } from './MovementForm';

export default withQueryScope(function MovementAddPage() {
  const [params] = useSearchParams();
  const formatId = Number(params.get('formatId')) || null;
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16, maxWidth: 720 }}>
      <h1 style={{ margin: 0, fontSize: 20 }}>Nouveau mouvement de stock</h1>
      <Card>
        <MovementForm formatId={formatId} />
      </Card>
      <LinkButton to="/dashboard/stocks/movements">Voir les mouvements</LinkButton>
    </section>
  );
});
