import { defineTexts } from 'shared-kernel/kit';

export const { useTexts, texts } = defineTexts('marketing.settings.campaigns', {
  fr: {
    intro:
      'Comment vos campagnes d’e-mails sont envoyées : le nom et l’adresse de l’expéditeur, l’adresse de réponse, l’adresse postale du pied de page et le rythme d’envoi.',
    ownerOnly: 'Seul le propriétaire de la boutique peut modifier les réglages des campagnes.',
    loadError: 'Les réglages des campagnes n’ont pas pu être chargés',
    retry: 'Réessayer',
    sender: 'Expéditeur',
    senderName: 'Nom de l’expéditeur',
    senderNameHelp: 'Le nom affiché dans la boîte de réception, par exemple le nom du domaine.',
    senderEmail: 'Adresse de l’expéditeur',
    senderEmailHelp:
      'Vide : l’adresse d’envoi de la plateforme. Une adresse de votre domaine n’est délivrée que si votre domaine autorise la plateforme à envoyer pour lui (SPF, DKIM).',
    replyTo: 'Adresse de réponse',
    replyToHelp: 'Où arrivent les réponses de vos clients. Vide : l’adresse de l’expéditeur.',
    footer: 'Pied de page',
    postalAddress: 'Adresse postale',
    postalAddressHelp: 'Imprimée en bas de chaque mail avec le nom de la boutique et le lien de désinscription.',
    sending: 'Envoi',
    rate: 'Rythme d’envoi',
    rateSuffix: 'mails par minute',
    rateHelp: 'Entre 1 et 1000. Un rythme modéré évite que votre envoi soit pris pour du courrier indésirable.',
    saved: 'Réglages des campagnes enregistrés',
  },
  en: {
    intro:
      'How your email campaigns are sent: the sender’s name and address, the reply-to address, the postal address of the footer and the sending rate.',
    ownerOnly: 'Only the shop owner can change the campaign settings.',
    loadError: 'The campaign settings could not be loaded',
    retry: 'Retry',
    sender: 'Sender',
    senderName: 'Sender name',
    senderEmail: 'Sender address',
    replyTo: 'Reply-to address',
    footer: 'Footer',
    postalAddress: 'Postal address',
    sending: 'Sending',
    rate: 'Sending rate',
    rateSuffix: 'emails per minute',
    saved: 'Campaign settings saved',
  },
});
