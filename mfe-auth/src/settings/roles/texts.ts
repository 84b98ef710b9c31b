import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('settings-roles', {
  fr: {
    team: 'Membres de l’équipe',
    empty: 'Aucun collaborateur pour le moment',
    invite: 'Inviter un collaborateur',
    retry: 'Réessayer',
    member: 'Collaborateur',
    role: 'Rôle',
    rights: 'Droits par domaine',
    presets: 'Rôles prédéfinis',
    presetsIntro:
      'Un rôle prédéfini est un ensemble de droits proposé à l’invitation ; il peut être ajusté ensuite. Un collaborateur dont les droits ne correspondent à aucun rôle est « Personnalisé ».',
  },
  en: { team: 'Team members', presets: 'Predefined roles', role: 'Role', retry: 'Retry' },
});
