// /dashboard/settings?link=<section>: the settings page, mfe-auth's route. Its sections come from every remote (DESIGN
// §8: each declares its own in its routes.ts `settingsSections`, the shell lends the list): the kit's SettingsSections
// lists those the viewer may open and renders the open one — mfe-auth's from ./sections, another remote's from its
// module. mfe-auth adds the banner of an unvalidated email address.
import { SettingsSections } from 'shared-kernel/kit';
import { useSession } from 'shared-kernel/runtime';
import { UnvalidatedEmailBanner } from '../common/UnvalidatedEmail';
import { settingsSections } from '../routes';
import { AccountSection } from './account/AccountSection';
import { SECTIONS } from './sections';

/**
 * mfe-auth as the shell names it (Module Federation): its sections render here without loading another remote. The
 * account section is part of the page's chunk: every signed-in user opens it, with no loading step.
 */
const OWN = { remote: 'mfe_auth', sections: settingsSections, components: { ...SECTIONS, account: AccountSection } };

export default function SettingsPage() {
  const user = useSession((s) => s.user);
  return <SettingsSections own={OWN} banner={user && <UnvalidatedEmailBanner user={user} />} />;
}
