// The page an iam sees on a route their §6 rights do not open: it names the missing right(s) with the labels of the
// roles and collaborators screens (PERMISSION_LABELS), and leads back to the dashboard. Its own chunk: the labels
// come with shared-kernel/contracts, which no page needs before this one shows.
import type { Permission } from 'shared-kernel/contracts';
import { PERMISSION_LABELS } from 'shared-kernel/contracts';
import { DASHBOARD_ROUTE } from 'shared-kernel/domain';
import { Link } from 'shared-kernel/router';

/** « droit “Accéder à la pré-comptabilité” requis », or « droits “…”, “…” requis » for several. */
export function missingRightsText(missing: readonly Permission[]): string {
  const names = missing.map((p) => `“${PERMISSION_LABELS[p]}”`);
  return names.length === 1 ? `droit ${names[0]} requis` : `droits ${names.join(', ')} requis`;
}

export default function Forbidden({ missing }: { missing: readonly Permission[] }) {
  return (
    <section className="wz-forbidden" aria-labelledby="wz-forbidden-title">
      <h1 id="wz-forbidden-title" className="wz-forbidden__title">
        Vous n'avez pas accès à cette page{missing.length > 0 ? ` : ${missingRightsText(missing)}` : ''}
      </h1>
      <p className="wz-forbidden__hint">Le propriétaire de la boutique peut modifier vos droits (Commercial › Collaborateurs).</p>
      <Link className="wz-btn wz-btn--primary" to={DASHBOARD_ROUTE}>
        Retour au tableau de bord
      </Link>
    </section>
  );
}
