// The texts of the settings page frame (SettingsSections.tsx); each section ships its own.
import { defineTexts } from '../texts/define-texts';

export const settingsTexts = defineTexts('kit.settings', {
  fr: {
    /** The language of the texts: which title of a section's metadata to show. */
    lang: 'fr',
    title: 'Paramètres',
    sectionsLabel: 'Sections des paramètres',
    choose: 'Choisissez une section.',
    refused: 'Vous n’avez pas accès à cette section des paramètres.',
    unavailable: 'Certains réglages sont momentanément indisponibles. Réessayez dans quelques instants.',
    loading: 'Chargement…',
  },
  en: {
    lang: 'en',
    title: 'Settings',
    sectionsLabel: 'Settings sections',
    choose: 'Choose a section.',
    refused: 'You do not have access to this settings section.',
    unavailable: 'Some settings are temporarily unavailable. Try again in a few moments.',
    loading: 'Loading…',
  },
});
