// Size: the help centre's articles (content, French and English), not code.
// The help centre's content: short step lists naming the real screens, with links to their routes.
// French first, English beside; typed, so an article without its English text or a link without a label is a
// compile error. articles.test.ts checks that every link leads to a route the product declares.

export type Lang = 'fr' | 'en';
export interface Localized {
  fr: string;
  en: string;
}

export const HELP_AREAS = ['getting-started', 'shop', 'sales', 'stock', 'pos', 'accounting', 'marketing'] as const;
export type HelpArea = (typeof HELP_AREAS)[number];

export const AREA_TITLES: Record<HelpArea, Localized> = {
  'getting-started': { fr: 'Premiers pas', en: 'Getting started' },
  shop: { fr: 'Boutique en ligne', en: 'Online shop' },
  sales: { fr: 'Commandes et factures', en: 'Orders and invoices' },
  stock: { fr: 'Stock et DRM', en: 'Stock and DRM' },
  pos: { fr: 'Caisse', en: 'Cash register' },
  accounting: { fr: 'Pré-comptabilité', en: 'Pre-accounting' },
  marketing: { fr: 'Marketing et fidélité', en: 'Marketing and loyalty' },
};

export interface HelpLink {
  /** a route of the product, with its query when a section is meant (/dashboard/settings?link=billing) */
  to: string;
  label: Localized;
}

export interface HelpArticle {
  /** ?article=<slug> */
  slug: string;
  area: HelpArea;
  title: Localized;
  summary: Localized;
  steps: Localized[];
  links: HelpLink[];
  /** the route shown in the article's screenshot (scripts/help-screens.mjs takes it from the demo, see screens.ts) */
  screen?: string;
}

const l = (fr: string, en: string): Localized => ({ fr, en });
const link = (to: string, fr: string, en: string): HelpLink => ({ to, label: { fr, en } });

export const ARTICLES: HelpArticle[] = [
  // ---------------------------------------------------------------- premiers pas
  {
    slug: 'creer-son-compte-producteur',
    screen: '/dashboard/settings?link=infos',
    area: 'getting-started',
    title: l('Créer son compte producteur', 'Create your producer account'),
    summary: l(
      'Inscrivez votre domaine, votre brasserie ou votre distillerie et ouvrez votre espace de gestion.',
      'Register your estate, brewery or distillery and open your back office.',
    ),
    steps: [
      l(
        'Ouvrez « Inscription producteur » et renseignez votre nom, votre mail et un mot de passe (une majuscule et plus de 5 caractères).',
        'Open “Producer sign-up” and enter your name, email and a password (one capital letter and more than 5 characters).',
      ),
      l(
        'Choisissez votre type d’activité (vin, champagne, bière, spiritueux, cidre ou autre) : les libellés de l’application s’y adaptent.',
        'Choose your business type (wine, champagne, beer, spirit, cider or other): the wording of the app follows it.',
      ),
      l(
        'Validez votre compte avec le lien reçu par mail, puis connectez-vous.',
        'Validate your account with the link sent by email, then sign in.',
      ),
      l(
        'Dans « Paramètres », section « Informations », complétez l’identité de votre entreprise (adresse, SIRET, numéro de TVA).',
        'In “Settings”, “Information” section, complete your company identity (address, SIRET, VAT number).',
      ),
    ],
    links: [
      link('/auth/register-wineriz/seller', 'Inscription producteur', 'Producer sign-up'),
      link('/auth/login', 'Connexion', 'Sign in'),
      link('/dashboard/settings?link=infos', 'Paramètres — Informations', 'Settings — Information'),
    ],
  },
  {
    slug: 'inviter-un-collaborateur',
    screen: '/dashboard/collaborators',
    area: 'getting-started',
    title: l('Inviter un collaborateur et régler ses droits', 'Invite a colleague and set their rights'),
    summary: l(
      'Donnez accès à votre équipe avec les seuls droits dont elle a besoin.',
      'Give your team access with only the rights they need.',
    ),
    steps: [
      l('Ouvrez « Collaborateurs » dans le groupe Commercial du menu.', 'Open “Colleagues” in the Commercial group of the menu.'),
      l(
        'Cliquez sur « Nouveau collaborateur » et saisissez son mail : il reçoit une invitation.',
        'Click “New colleague” and enter their email: they receive an invitation.',
      ),
      l(
        'Cochez ses droits (voir tous les prix, créer des commandes, facturer, voir le stock, accéder à la pré-comptabilité…) : les entrées de menu sans droit sont masquées.',
        'Tick their rights (see all prices, create orders, invoice, see stock, access pre-accounting…): menu entries without the right are hidden.',
      ),
      l(
        'Pour un agent commercial, passez par « Agents » : il voit ses propres commandes et clients.',
        'For a sales agent, use “Agents”: they see their own orders and clients.',
      ),
    ],
    links: [
      link('/dashboard/collaborators/add', 'Nouveau collaborateur', 'New colleague'),
      link('/dashboard/collaborators', 'Collaborateurs', 'Colleagues'),
      link('/dashboard/agents', 'Agents', 'Agents'),
    ],
  },
  {
    slug: 'ajouter-ses-clients',
    screen: '/dashboard/clients',
    area: 'getting-started',
    title: l('Ajouter ses clients et prospects', 'Add your clients and prospects'),
    summary: l(
      'Le CRM rassemble particuliers, professionnels et prospects.',
      'The CRM gathers private customers, trade customers and prospects.',
    ),
    steps: [
      l('Ouvrez « Clients » dans le groupe CRM.', 'Open “Clients” in the CRM group.'),
      l(
        'Cliquez sur « Nouveau client » ; pour un professionnel, renseignez son SIRET et son numéro de TVA : ses prix suivent sa typologie tarifaire.',
        'Click “New client”; for a trade customer, enter their SIRET and VAT number: their prices follow their price typology.',
      ),
      l(
        'Un prospect se crée depuis « Prospection » puis avance dans « Opportunités ».',
        'A prospect is created from “Prospecting” then moves on in “Opportunities”.',
      ),
      l(
        'La fiche client regroupe ses commandes, devis, factures, règlements et tâches.',
        'The client file gathers their orders, quotes, invoices, payments and tasks.',
      ),
    ],
    links: [
      link('/dashboard/clients/add', 'Nouveau client', 'New client'),
      link('/dashboard/clients/prospection', 'Prospection', 'Prospecting'),
      link('/dashboard/clients/opportunities', 'Opportunités', 'Opportunities'),
    ],
  },

  // ---------------------------------------------------------------- boutique en ligne
  {
    slug: 'personnaliser-sa-boutique',
    screen: '/dashboard/customize',
    area: 'shop',
    title: l('Personnaliser sa boutique en ligne', 'Customise your online shop'),
    summary: l('Logo, couleurs, onglets et pages de votre boutique publique.', 'Logo, colours, tabs and pages of your public shop.'),
    steps: [
      l(
        'Ouvrez « Boutique en ligne » dans le menu : l’éditeur s’ouvre en plein écran.',
        'Open “Online shop” in the menu: the editor opens full screen.',
      ),
      l(
        'Réglez l’en-tête (logo au début, au centre ou à gauche, couleurs) et ajoutez vos onglets : chaque onglet devient une page ?page=nom-de-l-onglet.',
        'Set the header (logo at the start, centre or left, colours) and add your tabs: each tab becomes a ?page=tab-name page.',
      ),
      l(
        'L’aperçu montre la boutique telle qu’un visiteur la verra, sur ordinateur et sur téléphone.',
        'The preview shows the shop as a visitor will see it, on a computer and on a phone.',
      ),
      l(
        'Enregistrez : votre boutique est publique à l’adresse /nom-de-votre-boutique, avec le contrôle d’âge (18 ans) pour les visiteurs non connectés.',
        'Save: your shop is public at /your-shop-name, with the age check (18) for visitors who are not signed in.',
      ),
    ],
    links: [
      link('/dashboard/customize', 'Personnalisation de la boutique', 'Shop customisation'),
      link('/shops', 'Boutiques en ligne', 'Online shops'),
    ],
  },
  {
    slug: 'mettre-un-produit-en-ligne',
    screen: '/dashboard/products',
    area: 'shop',
    title: l('Mettre un produit en vente en ligne', 'Put a product on sale online'),
    summary: l(
      'Du catalogue à la boutique : prix, photos et étiquette électronique.',
      'From the catalogue to the shop: prices, pictures and e-label.',
    ),
    steps: [
      l(
        'Ouvrez « Catalogue » puis « Nouveau produit » (ou la fiche d’un produit existant).',
        'Open “Catalogue” then “New product” (or an existing product page).',
      ),
      l(
        'Renseignez millésime, format, degré et prix TTC de la typologie « particuliers » ; ajoutez la déclaration nutritionnelle pour l’étiquette électronique.',
        'Fill in vintage, format, alcohol and the VAT-inclusive price of the “private customers” typology; add the nutrition declaration for the e-label.',
      ),
      l(
        'Donnez-lui un statut visible et du stock dans l’entrepôt de la boutique.',
        'Give it a visible status and stock in the shop’s warehouse.',
      ),
      l(
        'Le produit apparaît dans la boutique ; son code-barres ouvre aussi sa fiche à /gs1/01/{EAN}.',
        'The product shows in the shop; its barcode also opens its page at /gs1/01/{EAN}.',
      ),
    ],
    links: [
      link('/dashboard/products', 'Catalogue', 'Catalogue'),
      link('/dashboard/products/add', 'Nouveau produit', 'New product'),
      link('/dashboard/tarifs', 'Tarifs', 'Prices'),
    ],
  },
  {
    slug: 'integrer-sa-boutique-iframe',
    screen: '/dashboard/iframes',
    area: 'shop',
    title: l('Intégrer sa boutique dans son site (iframe)', 'Embed your shop in your website (iframe)'),
    summary: l('Vendez depuis votre propre site avec une iframe.', 'Sell from your own website with an iframe.'),
    steps: [
      l(
        'Ouvrez « Iframes » dans le groupe Boutique en ligne, puis « Nouvelle iframe ».',
        'Open “Iframes” in the Online shop group, then “New iframe”.',
      ),
      l('Choisissez les produits et l’apparence ; l’aperçu se met à jour.', 'Choose the products and the look; the preview updates.'),
      l('Copiez le code fourni et collez-le dans une page de votre site.', 'Copy the code given and paste it into a page of your website.'),
    ],
    links: [link('/dashboard/iframes', 'Iframes', 'Iframes'), link('/dashboard/iframes/add', 'Nouvelle iframe', 'New iframe')],
  },

  // ---------------------------------------------------------------- commandes et factures
  {
    slug: 'saisir-une-commande',
    screen: '/dashboard/orders',
    area: 'sales',
    title: l('Saisir une commande', 'Take an order'),
    summary: l(
      'Une commande saisie une fois : le stock est réservé, la facture et le bon de livraison suivent.',
      'An order keyed once: stock is held, the invoice and delivery note follow.',
    ),
    steps: [
      l('Ouvrez « Commandes » puis « Nouvelle commande ».', 'Open “Orders” then “New order”.'),
      l(
        'Choisissez le client : les prix suivent sa typologie ; ajoutez les produits, les remises éventuelles.',
        'Choose the client: prices follow their typology; add the products and any discounts.',
      ),
      l(
        'Enregistrez puis « Valider la commande » : les bouteilles sont réservées dans l’entrepôt.',
        'Save then “Validate the order”: the bottles are held in the warehouse.',
      ),
      l(
        '« Expédier » sort les bouteilles du stock et prépare le bon de livraison (colis de 12).',
        '“Ship” takes the bottles out of stock and prepares the delivery note (packages of 12).',
      ),
    ],
    links: [
      link('/dashboard/orders/add', 'Nouvelle commande', 'New order'),
      link('/dashboard/orders', 'Commandes', 'Orders'),
      link('/dashboard/delivery', 'Expéditions', 'Shipping'),
    ],
  },
  {
    slug: 'emettre-une-facture',
    screen: '/dashboard/orders/bills',
    area: 'sales',
    title: l('Émettre une facture', 'Issue an invoice'),
    summary: l('Des factures Factur-X numérotées sans trou, envoyées par mail.', 'Gapless numbered Factur-X invoices, sent by email.'),
    steps: [
      l(
        'Sur une commande validée, cliquez sur « Facturer » (ou cochez plusieurs commandes dans la liste pour les facturer ensemble).',
        'On a validated order, click “Invoice” (or tick several orders in the list to invoice them together).',
      ),
      l(
        'La facture reçoit le numéro suivant de la série de l’année ; elle ne peut plus être modifiée : une erreur se corrige par une facture d’avoir.',
        'The invoice gets the next number of the year’s series; it can no longer be changed: a mistake is corrected by a credit note.',
      ),
      l(
        'Dans « Factures », ouvrez-la : « Télécharger le PDF » (Factur-X, lisible par le logiciel de votre client) ou « Envoyer par mail ».',
        'In “Invoices”, open it: “Download the PDF” (Factur-X, readable by your client’s software) or “Send by email”.',
      ),
      l(
        'Réglez une fois pour toutes votre identité de facturation (SIRET, IBAN, mentions) dans « Paramètres », section « Facturation ».',
        'Set your billing identity once (SIRET, IBAN, mentions) in “Settings”, “Billing” section.',
      ),
    ],
    links: [
      link('/dashboard/orders/bills', 'Factures', 'Invoices'),
      link('/dashboard/orders/credits', "Factures d'avoir", 'Credit notes'),
      link('/dashboard/settings?link=billing', 'Paramètres — Facturation', 'Settings — Billing'),
    ],
  },
  {
    slug: 'envoyer-un-devis',
    screen: '/dashboard/orders/quotes',
    area: 'sales',
    title: l('Envoyer un devis', 'Send a quote'),
    summary: l('Le client accepte ou refuse en ligne, sans compte.', 'The client accepts or declines online, without an account.'),
    steps: [
      l(
        'Ouvrez « Devis » puis créez un devis (Nouvelle commande, type devis).',
        'Open “Quotes” then create a quote (New order, quote type).',
      ),
      l(
        '« Envoyer le devis » : le client reçoit le PDF et un lien pour l’accepter ou le refuser.',
        '“Send the quote”: the client receives the PDF and a link to accept or decline it.',
      ),
      l(
        'Accepté, il devient une commande validée et le stock est réservé.',
        'Once accepted, it becomes a validated order and the stock is held.',
      ),
    ],
    links: [link('/dashboard/orders/quotes', 'Devis', 'Quotes'), link('/dashboard/orders/add?subType=quote', 'Nouveau devis', 'New quote')],
  },
  {
    slug: 'suivre-les-impayes',
    screen: '/dashboard/payments/unpaids',
    area: 'sales',
    title: l('Enregistrer un règlement et suivre les impayés', 'Record a payment and follow unpaid invoices'),
    summary: l('Règlements, encours, relances et mise en demeure.', 'Payments, outstandings, reminders and formal notice.'),
    steps: [
      l(
        'Ouvrez « Règlements » puis « Enregistrer un règlement » et affectez-le aux factures du client.',
        'Open “Payments” then “Record a payment” and allocate it to the client’s invoices.',
      ),
      l(
        '« Encours » liste ce qui reste dû ; « Impayés » les factures échues.',
        '“Outstandings” lists what is still due; “Unpaid” the overdue invoices.',
      ),
      l(
        'Les relances partent par mail à J+7, J+15 et J+30 ; une mise en demeure se génère en PDF.',
        'Reminders go by email at D+7, D+15 and D+30; a formal notice is generated as a PDF.',
      ),
    ],
    links: [
      link('/dashboard/payments', 'Règlements', 'Payments'),
      link('/dashboard/payments/outstandings', 'Encours', 'Outstandings'),
      link('/dashboard/payments/unpaids', 'Impayés', 'Unpaid'),
    ],
  },

  // ---------------------------------------------------------------- stock et DRM
  {
    slug: 'gerer-ses-entrepots-et-stocks',
    screen: '/dashboard/stocks',
    area: 'stock',
    title: l('Gérer ses entrepôts et son stock', 'Manage your warehouses and stock'),
    summary: l('Entrepôts, entrées de stock, mouvements et inventaire.', 'Warehouses, stock entries, movements and stock count.'),
    steps: [
      l(
        'Dans « Entrepôts », créez vos lieux de stockage ; un chai sous douane se déclare en droits suspendus (entrepositaire agréé).',
        'In “Warehouses”, create your storage places; a bonded cellar is declared under duty suspension (authorised warehousekeeper).',
      ),
      l(
        '« Nouvelle entrée de stock » enregistre une mise en bouteille ou un achat.',
        '“New stock entry” records a bottling or a purchase.',
      ),
      l(
        'Ventes, expéditions et tickets de caisse sortent le stock d’eux-mêmes : « Mouvements » les retrace tous.',
        'Sales, shipments and till tickets take stock out by themselves: “Movements” traces them all.',
      ),
      l(
        'Les couleurs de CRD suivent vos capsules, consommées par les mises en bouteille.',
        'CRD colours track your capsules, used up by bottlings.',
      ),
    ],
    links: [
      link('/dashboard/stocks/warehouses', 'Entrepôts', 'Warehouses'),
      link('/dashboard/stocks/add', 'Nouvelle entrée de stock', 'New stock entry'),
      link('/dashboard/stocks/movements', 'Mouvements', 'Movements'),
      link('/dashboard/stocks/crdColors', 'Couleurs de CRD', 'CRD colours'),
    ],
  },
  {
    slug: 'saisir-la-drm',
    screen: '/dashboard/stocks/drm',
    area: 'stock',
    title: l('Saisir la DRM', 'Prepare the DRM'),
    summary: l(
      'La déclaration récapitulative mensuelle, préparée à partir de vos mouvements.',
      'The monthly summary declaration, prepared from your movements.',
    ),
    steps: [
      l(
        'Ouvrez « Déclaration récapitulative mensuelle (DRM) », choisissez l’entrepôt sous douane et le mois.',
        'Open “Monthly summary declaration (DRM)”, choose the bonded warehouse and the month.',
      ),
      l(
        'Le tableau donne, par catégorie et en hectolitres, le stock début, les entrées, les sorties droits acquittés et sans droits, le stock fin et les droits dus.',
        'The table gives, per category and in hectolitres, opening stock, entries, duty-paid and duty-free exits, closing stock and duties due.',
      ),
      l('« Vérifier » liste les anomalies ; corrigez-les par un mouvement.', '“Check” lists the anomalies; correct them with a movement.'),
      l(
        '« Valider le mois » verrouille la DRM ; « Exporter CSV » ou « PDF » pour la reporter sur le portail des douanes.',
        '“Validate the month” locks the DRM; “Export CSV” or “PDF” to copy it to the customs portal.',
      ),
    ],
    links: [link('/dashboard/stocks/drm', 'DRM', 'DRM'), link('/dashboard/stocks/movements', 'Mouvements', 'Movements')],
  },

  // ---------------------------------------------------------------- caisse
  {
    slug: 'encaisser-au-caveau',
    screen: '/dashboard/salespoints',
    area: 'pos',
    title: l('Encaisser au caveau', 'Take payment at the cellar door'),
    summary: l(
      'La caisse sur tablette : ouvrir la journée, vendre, encaisser, imprimer.',
      'The till on a tablet: open the day, sell, take payment, print.',
    ),
    steps: [
      l(
        'Ouvrez « Caisse », choisissez votre point de vente puis « Nouvelle vente ».',
        'Open “Cash register”, choose your sales point then “New sale”.',
      ),
      l(
        'En début de journée, « Ouvrir la caisse » : comptez et saisissez le fond de caisse.',
        'At the start of the day, “Open the till”: count and enter the cash float.',
      ),
      l(
        'Touchez les produits ou scannez leur code-barres ; ajoutez une remise, une ligne libre ou un client si besoin.',
        'Touch the products or scan their barcode; add a discount, a free line or a client if needed.',
      ),
      l(
        '« Encaisser » : carte, espèces (la monnaie à rendre est calculée) ou plusieurs moyens ; imprimez le ticket ou envoyez-le par mail.',
        '“Take payment”: card, cash (the change is computed) or several methods; print the receipt or send it by email.',
      ),
      l(
        'Sans réseau, la caisse continue : les tickets partent dès le retour de la connexion.',
        'Without network the till keeps going: tickets are sent as soon as the connection is back.',
      ),
    ],
    links: [link('/dashboard/salespoints', 'Caisse', 'Cash register')],
  },
  {
    slug: 'cloturer-la-journee',
    screen: '/dashboard/salespoints',
    area: 'pos',
    title: l('Clôturer la journée', 'Close the day'),
    summary: l('Comptage de caisse, ticket Z et écriture au journal de caisse.', 'Cash count, Z report and cash journal entry.'),
    steps: [
      l('Dans la caisse, cliquez sur « Clôturer la journée ».', 'In the till, click “Close the day”.'),
      l(
        'Saisissez le comptage de caisse : l’écart avec les encaissements attendus s’affiche.',
        'Enter the cash count: the gap with the expected takings is shown.',
      ),
      l(
        'Validez : la clôture Z est enregistrée, chaînée et inaltérable ; retrouvez-la dans l’onglet « Clôtures » du point de vente.',
        'Confirm: the Z closing is recorded, chained and tamper-proof; find it in the sales point’s “Closings” tab.',
      ),
      l('La journée est passée au journal de caisse de la pré-comptabilité.', 'The day is posted to the cash journal of pre-accounting.'),
    ],
    links: [link('/dashboard/salespoints', 'Caisse', 'Cash register'), link('/dashboard/accounting/journals', 'Journaux', 'Journals')],
  },

  // ---------------------------------------------------------------- pré-comptabilité
  {
    slug: 'exporter-le-fec',
    screen: '/dashboard/accounting/journals?tab=exports',
    area: 'accounting',
    title: l('Exporter le FEC', 'Export the FEC'),
    summary: l(
      'Le fichier des écritures comptables de l’exercice, vérifié avant téléchargement.',
      'The accounting entries file of the fiscal year, checked before download.',
    ),
    steps: [
      l(
        'Vérifiez le début de votre exercice dans « Paramètres », section « Comptabilité » (1er janvier par défaut).',
        'Check your fiscal year start in “Settings”, “Accounting” section (1 January by default).',
      ),
      l('Ouvrez « Journaux » puis l’onglet « Exports ».', 'Open “Journals” then the “Exports” tab.'),
      l(
        'Dans « Fichier des écritures comptables (FEC) », choisissez l’exercice : le fichier est contrôlé (18 zones, écritures équilibrées).',
        'In “Accounting entries file (FEC)”, choose the fiscal year: the file is checked (18 fields, balanced entries).',
      ),
      l(
        '« Télécharger le FEC » : le fichier est nommé d’après votre SIREN et la date de clôture.',
        '“Download the FEC”: the file is named after your SIREN and the closing date.',
      ),
    ],
    links: [
      link('/dashboard/accounting/journals', 'Journaux', 'Journals'),
      link('/dashboard/settings?link=accounting', 'Paramètres — Comptabilité', 'Settings — Accounting'),
    ],
  },
  {
    slug: 'cloturer-une-periode',
    screen: '/dashboard/accounting/journals?tab=periods',
    area: 'accounting',
    title: l('Clôturer un mois comptable', 'Close an accounting month'),
    summary: l('Une période clôturée est figée.', 'A closed period is frozen.'),
    steps: [
      l(
        'Ouvrez « Journaux » : factures, avoirs, acomptes, règlements et clôtures de caisse y sont déjà passés.',
        'Open “Journals”: invoices, credit notes, deposits, payments and till closings are already posted there.',
      ),
      l(
        'Contrôlez les balances, puis exportez le mois pour votre expert-comptable.',
        'Check the balances, then export the month for your accountant.',
      ),
      l(
        '« Clôturer » le mois : aucune facture, acompte, avoir ni règlement daté de ce mois ne peut plus être créé, modifié ou annulé.',
        '“Close” the month: no invoice, deposit, credit note or payment dated in that month can be created, changed or cancelled any more.',
      ),
      l('Seul le propriétaire peut rouvrir un mois, en donnant un motif.', 'Only the owner can reopen a month, giving a reason.'),
    ],
    links: [link('/dashboard/accounting/journals', 'Journaux', 'Journals')],
  },
  {
    slug: 'regler-ses-codes-comptables',
    screen: '/dashboard/accounting/codes',
    area: 'accounting',
    title: l('Régler ses codes comptables', 'Set your account codes'),
    summary: l(
      'Le plan comptable appliqué à vos ventes, TVA et règlements.',
      'The chart of accounts applied to your sales, VAT and payments.',
    ),
    steps: [
      l('Ouvrez « Codes comptables » dans le groupe Pré-comptabilité.', 'Open “Account codes” in the Pre-accounting group.'),
      l(
        'Chaque type de produit, taux de TVA et moyen de paiement a un compte du PCG par défaut (ventes de vins 7071) : modifiez-le si votre expert-comptable le demande.',
        'Each product type, VAT rate and payment method has a default French GAAP account (wine sales 7071): change it if your accountant asks.',
      ),
      l('Ajoutez des exceptions par produit ou par gamme.', 'Add exceptions per product or range.'),
    ],
    links: [link('/dashboard/accounting/codes', 'Codes comptables', 'Account codes')],
  },
  // ---------------------------------------------------------------- marketing
  {
    slug: 'envoyer-une-newsletter',
    screen: '/dashboard/crm/campaigns',
    area: 'marketing',
    title: l('Envoyer une newsletter', 'Send a newsletter'),
    summary: l(
      'Une liste de clients, un modèle d’e-mail et une campagne suivie : ouvertures, clics, désinscriptions.',
      'A list of clients, an email template and a tracked campaign: opens, clicks, unsubscribes.',
    ),
    steps: [
      l(
        'Dans « Listes », créez une liste dynamique (typologie, tags, département, dernière commande, produits achetés…) : le nombre de destinataires se met à jour, ceux qui ne peuvent pas être écrits (sans e-mail, sans consentement, désinscrits) sont comptés à part.',
        'In “Lists”, create a dynamic list (typology, tags, department, last order, products bought…): the number of recipients updates as you go; those who cannot be mailed (no email, no consent, unsubscribed) are counted apart.',
      ),
      l(
        'Dans « Modèles », composez un modèle standard : titre, texte mis en forme, image, bouton, fiche produit du catalogue ; insérez les champs de fusion (prénom, nom de la boutique…) depuis le menu.',
        'In “Templates”, build a standard template: heading, formatted text, image, button, catalogue product card; insert merge fields (first name, shop name…) from the menu.',
      ),
      l(
        'Dans « Campagnes », choisissez le modèle et les listes, envoyez-vous un test, puis envoyez ou programmez : chaque mail porte un lien de désinscription et personne n’est écrit deux fois.',
        'In “Campaigns”, choose the template and the lists, send yourself a test, then send or schedule: every mail carries an unsubscribe link and nobody is mailed twice.',
      ),
    ],
    links: [
      link('/dashboard/crm/lists', 'Listes', 'Lists'),
      link('/dashboard/crm/models', 'Modèles', 'Templates'),
      link('/dashboard/crm/campaigns', 'Campagnes', 'Campaigns'),
      link('/dashboard/analytics/campaigns', 'Rapport des campagnes', 'Campaigns report'),
    ],
  },
  {
    slug: 'creer-un-code-promo',
    screen: '/dashboard/settings?link=promotions',
    area: 'marketing',
    title: l('Créer un code promo', 'Create a promotion code'),
    summary: l(
      'Une remise en %, en € ou la livraison offerte, que vos clients saisissent dans leur panier.',
      'A discount in %, in € or free shipping, that your clients enter in their cart.',
    ),
    steps: [
      l(
        'Ouvrez Paramètres › Promotions et cliquez sur « Nouveau code promo » (15 caractères au plus).',
        'Open Settings › Promotions and click “New promotion code” (15 characters at most).',
      ),
      l(
        'Choisissez la remise, les produits concernés, le montant minimum, les dates et les limites d’utilisation par code et par client.',
        'Choose the discount, the products it applies to, the minimum amount, the dates and the usage limits per code and per client.',
      ),
      l(
        'Le client saisit le code dans son panier : le prix est recalculé par le serveur, un code expiré ou épuisé est refusé avec la raison.',
        'The client enters the code in their cart: the server prices it again; an expired or used-up code is refused with the reason.',
      ),
    ],
    links: [link('/dashboard/settings?link=promotions', 'Promotions', 'Promotions')],
  },
  {
    slug: 'recompenser-ses-clients-fideles',
    screen: '/dashboard/settings?link=promotions',
    area: 'marketing',
    title: l('Récompenser ses clients fidèles', 'Reward your loyal clients'),
    summary: l(
      'Un programme de points gagnés à chaque commande payée et à la caisse, dépensés dans le panier.',
      'A programme of points earned on every paid order and at the till, spent in the cart.',
    ),
    steps: [
      l(
        'Dans Paramètres › Promotions, carte « Programme de fidélité », choisissez les points par euro dépensé (ou par bouteille) et créez des paliers : à chacun une remise ou des produits offerts au choix.',
        'In Settings › Promotions, “Loyalty programme” card, choose the points per euro spent (or per bottle) and create levels, each with a discount or products to choose for free.',
      ),
      l(
        'Les points arrivent quand une commande est payée ou qu’un ticket de caisse est fait au nom du client ; un avoir ou un remboursement les reprend.',
        'Points come when an order is paid or a till ticket is made in the client’s name; a credit note or a refund takes them back.',
      ),
      l(
        'Le client voit ses points sur son tableau de bord et choisit son offre dans le panier ; vous les voyez, et les ajustez, sur la fiche client.',
        'The client sees their points on their dashboard and picks their offer in the cart; you see them, and adjust them, on the client file.',
      ),
    ],
    links: [
      link('/dashboard/settings?link=promotions', 'Programme de fidélité', 'Loyalty programme'),
      link('/dashboard/clients', 'Clients', 'Clients'),
    ],
  },
];

// ---------------------------------------------------------------- nouveautés

export interface ChangelogEntry {
  /** the product version, or null for the earlier additions grouped by theme */
  version: string | null;
  title: Localized;
  items: Localized[];
}

/** App version (spec §9). */
export const APP_VERSION = '5.5.1';

export const CHANGELOG: ChangelogEntry[] = [
  {
    version: APP_VERSION,
    title: l('Caisse, pré-comptabilité et centre d’aide', 'Cash register, pre-accounting and help centre'),
    items: [
      l(
        'Caisse enregistreuse sur tablette : fond de caisse, scan des codes-barres, paiement fractionné, ticket 80 mm, remboursements, vente hors ligne, clôture Z et journal inaltérable.',
        'Tablet cash register: float, barcode scanning, split payment, 80 mm receipt, refunds, offline selling, Z closing and tamper-proof journal.',
      ),
      l(
        'Pré-comptabilité : écritures passées à partir des factures, acomptes, avoirs, règlements et clôtures de caisse, balances, export FEC vérifié, exports pour l’expert-comptable, clôture des mois.',
        'Pre-accounting: entries posted from invoices, deposits, credit notes, payments and till closings, balances, checked FEC export, exports for the accountant, month closing.',
      ),
      l('Centre d’aide et simulateur de retour sur investissement.', 'Help centre and return on investment simulator.'),
    ],
  },
  {
    version: null,
    title: l('Marketing et fidélité', 'Marketing and loyalty'),
    items: [
      l(
        'Listes de clients statiques et dynamiques, modèles d’e-mails (éditeur par blocs ou HTML), campagnes programmées avec suivi des ouvertures et des clics et désinscription en un clic.',
        'Static and dynamic client lists, email templates (block editor or HTML), scheduled campaigns with open and click tracking and one-click unsubscribe.',
      ),
      l(
        'Codes promo et programme de fidélité : points gagnés sur les commandes payées et à la caisse, dépensés dans le panier.',
        'Promotion codes and loyalty programme: points earned on paid orders and at the till, spent in the cart.',
      ),
    ],
  },
  {
    version: null,
    title: l('Documents de vente', 'Sales documents'),
    items: [
      l(
        'Commandes, devis acceptés en ligne, échantillons, factures et factures d’acompte Factur-X, factures d’avoir, règlements, encours, relances d’impayés, expéditions partielles.',
        'Orders, quotes accepted online, samples, Factur-X invoices and deposit invoices, credit notes, payments, outstandings, unpaid reminders, partial shipments.',
      ),
      l('Ventes en primeur : campagnes, acomptes et livraisons.', 'Futures (en primeur): campaigns, deposits and deliveries.'),
    ],
  },
  {
    version: null,
    title: l('CRM', 'CRM'),
    items: [
      l(
        'Clients particuliers et professionnels, prospection, opportunités, tâches, calendrier, collaborateurs, agents et rapports.',
        'Private and trade clients, prospecting, opportunities, tasks, calendar, colleagues, agents and reports.',
      ),
    ],
  },
  {
    version: null,
    title: l('Catalogue, stock et DRM', 'Catalogue, stock and DRM'),
    items: [
      l(
        'Catalogue et tarifs par typologie, entrepôts, mouvements, allocations, couleurs de CRD, fournisseurs et commandes fournisseurs.',
        'Catalogue and prices per typology, warehouses, movements, allocations, CRD colours, suppliers and purchase orders.',
      ),
      l(
        'DRM mensuelle préparée à partir des mouvements, vérifiée, validée et exportée.',
        'Monthly DRM prepared from the movements, checked, validated and exported.',
      ),
    ],
  },
  {
    version: null,
    title: l('Boutique en ligne', 'Online shop'),
    items: [
      l(
        'Boutique publique personnalisable avec onglets, panier et paiement, commandes groupées, étiquette nutritionnelle électronique, pages code-barres GS1 et iframes.',
        'Customisable public shop with tabs, cart and payment, grouped orders, nutrition e-label, GS1 barcode pages and iframes.',
      ),
    ],
  },
];
