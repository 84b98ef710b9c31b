import { Link, useSearchParams } from 'react-router';
import { ChoicePage } from './ChoicePage';
import { withShopId } from './fields';

/** /auth — sign in or create an account. */
export function AuthChoicePage() {
  return (
    <ChoicePage
      title="Bienvenue"
      intro="Connectez-vous ou créez votre compte."
      choices={[
        { to: '/auth/login', title: 'Se connecter', text: "J'ai déjà un compte" },
        { to: '/auth/register', title: 'Créer un compte', text: 'Acheteur, producteur ou agent commercial' },
      ]}
    />
  );
}

function HaveAccount() {
  const [params] = useSearchParams();
  return (
    <p style={{ margin: 0, fontSize: 14 }}>
      Déjà un compte ? <Link to={withShopId('/auth/login', params.get('id'))}>Se connecter</Link>
    </p>
  );
}

/** /auth/register — buyer, or the professional sign-up. */
export function RegisterChoicePage() {
  return (
    <ChoicePage
      title="Créer un compte"
      choices={[
        { to: '/auth/register/buyer', title: 'Je suis acheteur', text: 'Particulier ou professionnel : commander et réserver' },
        { to: '/auth/register-wineriz', title: 'Je suis producteur ou agent commercial', text: 'Gérer mon domaine ou représenter des producteurs' },
      ]}
      footer={<HaveAccount />}
    />
  );
}

/** /auth/register-wineriz — seller or agent. */
export function RegisterWinerizChoicePage() {
  return (
    <ChoicePage
      title="Inscription professionnelle"
      choices={[
        { to: '/auth/register-wineriz/seller', title: 'Je suis producteur', text: 'Créer mon domaine, ma brasserie ou ma distillerie sur Wineriz' },
        { to: '/auth/register-wineriz/agent', title: 'Je suis agent commercial', text: 'Représenter des producteurs et prendre des commandes' },
      ]}
      footer={<HaveAccount />}
    />
  );
}

export default AuthChoicePage;
