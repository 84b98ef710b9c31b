import { defineTexts } from 'shared-kernel/kit';

export const { useTexts: useCommonTexts, texts: commonTexts } = defineTexts('marketing.common', {
  fr: {
    device: "Format d'aperçu",
    desktop: 'Ordinateur',
    phone: 'Téléphone',
    previewTitle: "Aperçu de l'e-mail",
    mergeFields: 'Champs de fusion',
    insertField: 'Insérer un champ de fusion',
  },
  en: {
    device: 'Preview size',
    desktop: 'Desktop',
    phone: 'Phone',
    previewTitle: 'Email preview',
    mergeFields: 'Merge fields',
    insertField: 'Insert a merge field',
  },
});
