// The texts of the choice pages (/auth, /auth/register, /auth/register-wineriz).
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.choice', {
  fr: {
    choice: {
      title: 'Bienvenue',
      intro: 'Connectez-vous ou créez votre compte.',
      signInTitle: 'Se connecter',
      signInText: "J'ai déjà un compte",
      createTitle: 'Créer un compte',
      createText: 'Acheteur, producteur ou agent commercial',
    },
    registerChoice: {
      title: 'Créer un compte',
      buyerTitle: 'Je suis acheteur',
      buyerText: 'Particulier ou professionnel : commander et réserver',
      proTitle: 'Je suis producteur ou agent commercial',
      proText: 'Gérer mon domaine ou représenter des producteurs',
    },
    proChoice: {
      title: 'Inscription professionnelle',
      sellerTitle: 'Je suis producteur',
      sellerText: 'Créer mon domaine, ma brasserie ou ma distillerie sur Wineriz',
      agentTitle: 'Je suis agent commercial',
      agentText: 'Représenter des producteurs et prendre des commandes',
    },
  },
  en: {
    choice: {
      title: 'Welcome',
      intro: 'Sign in or create your account.',
      signInTitle: 'Sign in',
      signInText: 'I already have an account',
      createTitle: 'Create an account',
      createText: 'Buyer, producer or sales agent',
    },
    registerChoice: {
      title: 'Create an account',
      buyerTitle: 'I am a buyer',
      buyerText: 'Private or professional: order and book',
      proTitle: 'I am a producer or a sales agent',
      proText: 'Run my estate or represent producers',
    },
    proChoice: {
      title: 'Professional sign-up',
      sellerTitle: 'I am a producer',
      sellerText: 'Create my estate, brewery or distillery on Wineriz',
      agentTitle: 'I am a sales agent',
      agentText: 'Represent producers and take orders',
    },
  },
});
