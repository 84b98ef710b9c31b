import { Skeleton } from 'antd';
import type { CrmClientKind, TariffTypologyUsage } from 'shared-kernel/contracts';
import { withQueryScope } from 'shared-kernel/kit';
import { Link, useSearchParams } from 'shared-kernel/router';
import { useTypologies } from '../crm.queries';
import { useTexts } from '../file/texts';
import { ClientForm } from './ClientForm';
import { clientFormDefaults } from './client.schema';

/** The typology a new client gets: a professional one (non-public) for pros and prospects, else the public one. */
function typologyFor(kind: CrmClientKind, list: readonly TariffTypologyUsage[]): string {
  const pick = kind === 'private' ? list.find((ty) => ty.public) : list.find((ty) => !ty.public);
  return pick?.id ?? '';
}

/** /dashboard/clients/add — ?isPro=true: a professional; ?pipe=Prospect: a prospect. */
export default withQueryScope(function ClientAddPage() {
  const t = useTexts();
  const [params] = useSearchParams();
  const typologies = useTypologies();
  const kind: CrmClientKind =
    params.get('pipe')?.toLowerCase() === 'prospect' ? 'prospect' : params.get('isPro') === 'true' ? 'professional' : 'private';
  const back = kind === 'private' ? '/dashboard/clients' : `/dashboard/clients?kind=${kind}`;
  return (
    <section style={{ display: 'grid', gap: 16, padding: 16 }}>
      <Link to={back} style={{ width: 'fit-content' }}>
        ← {t.back}
      </Link>
      <h1 style={{ margin: 0, fontSize: 20 }}>{kind === 'professional' ? t.addPro : kind === 'prospect' ? t.addProspect : t.add}</h1>
      {typologies.isPending ? (
        <Skeleton active />
      ) : (
        <ClientForm initial={clientFormDefaults(undefined, kind, typologyFor(kind, typologies.data ?? []))} />
      )}
    </section>
  );
});
