// The texts of the account section of the settings (/dashboard/settings?link=account); the page frame's are in
// shared-kernel/kit, each section's beside it, each section's title in ../routes `settingsSections`.
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.settings', {
  fr: {
    nameCard: 'Nom',
    emailCard: 'Adresse mail',
    currentEmail: 'Adresse actuelle :',
    newEmail: 'Nouvelle adresse mail',
    changeEmail: "Changer d'adresse",
    passwordCard: 'Mot de passe',
    changePassword: 'Changer le mot de passe',
  },
  en: {
    nameCard: 'Name',
    emailCard: 'Email address',
    currentEmail: 'Current address:',
    newEmail: 'New email address',
    changeEmail: 'Change address',
    passwordCard: 'Password',
    changePassword: 'Change the password',
  },
});

export type SettingsTexts = typeof texts;
