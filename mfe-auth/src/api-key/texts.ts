// The texts of the API keys page (/get-api-key).
// Typed texts (docs/backoffice.md §Texts), from shared-kernel/texts (no antd); the shared ones are in ../texts.
import { defineTexts } from 'shared-kernel/texts';

export const { useTexts, texts, textsFor } = defineTexts('auth.apiKey', {
  fr: {
    title: "Clé d'API",
    intro: (header: string) =>
      `Une clé permet à un programme d'utiliser l'API /v1 en votre nom (en-tête ${header}). Elle n'est affichée qu'une seule fois.`,
    created: (name: string) => `Clé « ${name} » créée. Copiez-la maintenant : elle ne sera plus affichée.`,
    newKey: 'Nouvelle clé',
    keyWord: 'clé',
    name: 'Nom de la clé',
    namePlaceholder: 'ex. : ERP, site web',
    create: 'Créer une clé',
    empty: "Aucune clé pour l'instant",
    revoke: 'Révoquer',
    revokeTitle: 'Révoquer la clé ?',
    revokeText: (name: string) => `Les programmes qui utilisent « ${name} » n'auront plus accès à l'API.`,
    createdOn: (date: string) => `créée le ${date}`,
    lastUsed: (date: string) => `dernière utilisation : ${date}`,
  },
  en: {
    title: 'API key',
    intro: (header: string) => `A key lets a program use the /v1 API on your behalf (${header} header). It is shown only once.`,
    created: (name: string) => `Key “${name}” created. Copy it now: it will not be shown again.`,
    newKey: 'New key',
    keyWord: 'key',
    name: 'Key name',
    namePlaceholder: 'e.g. ERP, website',
    create: 'Create a key',
    empty: 'No key yet',
    revoke: 'Revoke',
    revokeTitle: 'Revoke the key?',
    revokeText: (name: string) => `Programs using “${name}” will no longer have access to the API.`,
    createdOn: (date: string) => `created on ${date}`,
    lastUsed: (date: string) => `last used: ${date}`,
  },
});

export type ApiKeyTexts = typeof texts;
