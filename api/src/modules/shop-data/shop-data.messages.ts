// French messages of the whole-shop import and export.

export const SHOP_DATA_MESSAGES = {
  importNotFound: 'Import introuvable',
  exportNotFound: 'Export introuvable',
  entity: 'Choisissez ce que vous importez : produits, clients ou stock',
  integration: 'L’intégration doit être Par défaut, Isagri, Vinistoria ou Baqio',
  dryRun: 'Le champ dryRun doit valoir true ou false',
  fileName: 'Indiquez le nom du fichier (1 à 200 caractères)',
  fileEmpty: 'Le fichier est vide : une ligne d’en-têtes et au moins une ligne de données sont attendues',
  fileUnreadable: 'Le fichier n’est pas un CSV ou un XLSX lisible',
  fileTooBig: 'Le fichier ne doit pas dépasser 10 Mo',
  tooManyRows: (max: number) => `Le fichier contient plus de ${max.toLocaleString('fr-FR')} lignes`,
  missingColumn: (header: string) => `Colonne « ${header} » introuvable dans le fichier`,
  missingColumns: (headers: string[]) =>
    `Colonnes introuvables dans le fichier : il faut au moins ${headers.map((h) => `« ${h} »`).join(' ou ')}`,
  nothingToImport: 'Aucune ligne valide à importer : corrigez les erreurs signalées puis réessayez',
  /** a row error: the line of the file, the column, the rule */
  at: (row: number, column: string | undefined, message: string) =>
    column ? `Ligne ${row}, colonne « ${column} » : ${message}` : `Ligne ${row} : ${message}`,
  needed: 'Ce champ ne peut pas être vide',
  number: 'Doit être un nombre',
  integer: 'Doit être un nombre entier',
  notNegative: 'Doit être supérieur ou égal à 0',
  yesNo: 'Indiquez oui ou non',
  productType: 'Type de produit inconnu : bouteille, accessoire, prestation ou coffret',
  vatType: 'TVA inconnue : normale (20 %), intermédiaire (10 %) ou réduite (5,5 %)',
  status: 'Statut inconnu : en ligne, en pause, rupture, fermé ou masqué',
  unity: 'Unité inconnue : litre, kilogramme, gramme ou unité',
  formatType: 'Type de format inconnu : bouteille, bib, vrac, colis ou personnalisé',
  dutyType: 'Type de droits inconnu : DA2 ou DSU',
  unityValueNeeded: 'Indiquez la contenance du format',
  vintageNeeded:
    'Le degré, le lot et les droits se rapportent à un millésime : indiquez le millésime (par exemple « NM » pour un non millésimé)',
  typologyUnknown: (code: string) =>
    `Typologie « ${code} » inconnue : ajoutez-la à la grille de correspondance des typologies ou utilisez l’identifiant ou le nom d’une typologie de la boutique`,
  priceTypologyNeeded: 'Indiquez la typologie du prix (colonne Typologie) ou utilisez une colonne « Prix <typologie> »',
  gtinTwice: (row: number) => `Ce GTIN figure déjà à la ligne ${row} du fichier`,
  gtinTaken: 'Ce code GTIN est déjà utilisé par un autre produit de la boutique',
  severalProducts: 'Les formats de ce produit correspondent à plusieurs produits existants de la boutique',
  clientKind: 'Type de client inconnu : particulier, professionnel ou prospect',
  clientStatus: 'Statut inconnu : actif ou archivé',
  civility: 'Civilité inconnue : M., Mme, M. et Mme, Société ou Autre',
  clientTwice: (row: number) => `Ce client figure déjà à la ligne ${row} du fichier`,
  phoneKept: (label: string, value: string) => `${label} non reconnu à l’import : ${value}`,
  clientErased: 'Ce client a été effacé : ses données ne peuvent plus être modifiées',
  formatNotFound:
    'Aucun format de la boutique ne correspond : indiquez son code (grille de correspondance), son GTIN ou le produit et sa contenance',
  formatAmbiguous: 'Plusieurs formats de la boutique correspondent : précisez le code du format, le GTIN ou le nom du format',
  formatRefNeeded: 'Indiquez le format : code, GTIN ou produit',
  stockTwice: (row: number) => `Ce format et cet entrepôt figurent déjà à la ligne ${row} du fichier`,
  warehouseArchived: 'Cet entrepôt est archivé',
  importReason: (id: number, file: string) => `Import n° ${id} (${file})`,
  revertReason: (id: number) => `Annulation de l’import n° ${id}`,
  defaultWarehouse: 'Entrepôt principal',
  failed: 'L’import s’est interrompu sur une erreur inattendue : les lignes déjà traitées peuvent être annulées',
  notRevertible: 'Seul un import terminé (ou interrompu) peut être annulé',
  alreadyReverted: 'Cet import a déjà été annulé',
  revertBlocked: (what: string, why: string) => `L’import ne peut pas être annulé : ${what} — ${why}`,
  started: 'L’import a commencé : suivez sa progression ci-dessous',
  reverted: (deleted: number, archived: number, restored: number) =>
    `Import annulé : ${deleted} élément${deleted > 1 ? 's' : ''} supprimé${deleted > 1 ? 's' : ''}, ${archived} archivé${
      archived > 1 ? 's' : ''
    } (utilisé${archived > 1 ? 's' : ''} depuis), ${restored} restauré${restored > 1 ? 's' : ''}`,
  exportStarted:
    'L’export de vos données est en préparation : le fichier zip apparaîtra dans vos documents à télécharger dès qu’il sera prêt',
  exportRunning: 'Un export de vos données est déjà en préparation',
  exportNotReady: 'L’export est encore en préparation',
  exportGone: 'Ce fichier d’export n’existe plus : lancez un nouvel export',
  linkInvalid: 'Ce lien de téléchargement n’est pas valide ou a expiré',
} as const;
