import { Link, useSearchParams } from 'shared-kernel/router';
import { useTexts } from '../texts';
import { useTexts as useChoiceTexts } from './texts';
import { ChoicePage } from './ChoicePage';
import { withShopId } from './fields';

/** /auth — sign in or create an account. */
export function AuthChoicePage() {
  const { choice: c } = useChoiceTexts();
  return (
    <ChoicePage
      title={c.title}
      intro={c.intro}
      choices={[
        { to: '/auth/login', title: c.signInTitle, text: c.signInText },
        { to: '/auth/register', title: c.createTitle, text: c.createText },
      ]}
    />
  );
}

function HaveAccount() {
  const [params] = useSearchParams();
  const t = useTexts();
  return (
    <p style={{ margin: 0, fontSize: 14 }}>
      {t.common.haveAccount} <Link to={withShopId('/auth/login', params.get('id'))}>{t.common.signIn}</Link>
    </p>
  );
}

/** /auth/register — buyer, or the professional sign-up. */
export function RegisterChoicePage() {
  const { registerChoice: c } = useChoiceTexts();
  return (
    <ChoicePage
      title={c.title}
      choices={[
        { to: '/auth/register/buyer', title: c.buyerTitle, text: c.buyerText },
        { to: '/auth/register-wineriz', title: c.proTitle, text: c.proText },
      ]}
      footer={<HaveAccount />}
    />
  );
}

/** /auth/register-wineriz — seller or agent. */
export function RegisterWinerizChoicePage() {
  const { proChoice: c } = useChoiceTexts();
  return (
    <ChoicePage
      title={c.title}
      choices={[
        { to: '/auth/register-wineriz/seller', title: c.sellerTitle, text: c.sellerText },
        { to: '/auth/register-wineriz/agent', title: c.agentTitle, text: c.agentText },
      ]}
      footer={<HaveAccount />}
    />
  );
}

export default AuthChoicePage;
