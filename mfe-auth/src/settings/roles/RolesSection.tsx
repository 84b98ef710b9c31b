import { NotYetAvailable } from 'shared-kernel/remote';

/** Settings section `roles` (issue 13): replaced by the team work. */
export function RolesSection() {
  return <NotYetAvailable title="Rôles" />;
}
