import { NotYetAvailable } from 'shared-kernel/remote';

/** Settings section `crm` (issue 13): replaced by the crm settings work. */
export function CrmSection() {
  return <NotYetAvailable title="CRM" />;
}
