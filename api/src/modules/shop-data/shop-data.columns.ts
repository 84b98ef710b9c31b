// The columns of the whole-shop import files: for each entity, the fields a row may carry, the header our
// own export writes (the `default` integration: an exported products.csv / clients.csv / stock.csv is imported again
// as it is), and the headers of the producers' software (isagri, vinistoria, baqio).
//
// ASSUMPTIONS (no specification of those exports was available): the aliases below are the headers those tools are
// commonly seen to write in their CSV/XLSX article, customer and stock exports, French wording, accents, case, spaces
// and punctuation ignored. Quantities of volume without a unit are read in centilitres for those three tools (their
// « Contenance » is usually in cl) and in litres for the default format (ours writes 0,75); a unit written in the cell
// or in the header ("75 cl", "Contenance (cl)") always wins. A single « Prix » column takes its typology from the
// row's « Code tarif / Tarif / Liste de prix » column, through the typologies match grid. Each tool's own codes
// (article codes, price-list codes) are translated by the shop's match grids (settings › grilles de correspondance).
import { columnMatcher, headerKey, type ColumnMatcher } from '../../platform/imports';
import type { ShopImportEntity, ShopImportIntegration } from './shop-data.tables';

/** Header → comparable key: no accents, case, spaces nor punctuation ("Prénom " → "prenom"). */
export const normaliseHeader = headerKey;

export interface FieldDef {
  key: string;
  /** the header of our export (default integration) */
  header: string;
  /** other headers read as this field whatever the integration (normalised) */
  aliases?: string[];
}

const f = (key: string, header: string, ...aliases: string[]): FieldDef => ({ key, header, aliases });

export const PRODUCT_FIELDS: FieldDef[] = [
  f('code', 'Code produit', 'reference', 'ref', 'referenceproduit', 'refproduit', 'productcode', 'productid'),
  f('name', 'Nom', 'nomduproduit', 'name', 'productname', 'produit', 'designation', 'libelle'),
  f('productType', 'Type de produit', 'producttype', 'typeproduit'),
  f('precision', 'Précision', 'precision', 'soustitre', 'subtitle'),
  f('description', 'Description', 'description'),
  f('type', 'Type', 'type', 'categorie'),
  f('color', 'Couleur', 'color', 'colour'),
  f('gamme', 'Gamme', 'gamme', 'range', 'appellation'),
  f('labels', 'Labels', 'labels', 'label', 'certifications'),
  f('vatType', 'TVA', 'tva', 'vat', 'tauxdetva', 'tauxtva', 'vattype'),
  f('status', 'Statut', 'status', 'etat'),
  f('archived', 'Archivé', 'archive', 'archived'),
  f('vintage', 'Millésime', 'millesime', 'vintage', 'annee'),
  f('alcohol', 'Degré', 'degre', 'alcool', 'degredalcool', 'alcohol', 'tav', 'abv'),
  f('lot', 'Lot', 'lot', 'numerodelot'),
  f('exciseCode', 'Code accise', 'codeaccise', 'excisecode'),
  f('dutyType', 'Type de droits', 'typededroits', 'typedroits', 'dutytype'),
  f('formatCode', 'Code format', 'codeformat', 'formatcode', 'sku', 'codearticle', 'article'),
  f('unity', 'Unité', 'unite', 'unity', 'unit'),
  f('unityValue', 'Contenance', 'contenance', 'volume', 'capacite', 'size', 'quantiteunitaire'),
  f('formatType', 'Type de format', 'typedeformat', 'formattype', 'typeformat'),
  f('container', 'Contenant', 'contenant', 'container'),
  f('nameInShop', 'Nom du format', 'nomduformat', 'formatname', 'format'),
  f('packing', 'Conditionnement', 'conditionnement', 'packing', 'colisage'),
  f('packingQuantity', 'Quantité par colis', 'quantiteparcolis', 'packingquantity', 'uniteparcolis', 'bouteillesparcarton'),
  f('weight', 'Poids (kg)', 'poids', 'poidskg', 'weight'),
  f('gtin', 'GTIN', 'gtin', 'ean', 'ean13', 'codeean', 'codebarre', 'codebarres', 'barcode'),
  f('minPurchase', 'Achat minimum', 'achatminimum', 'minimumdachat', 'minpurchase'),
  f('maxPurchase', 'Achat maximum', 'achatmaximum', 'maximumdachat', 'maxpurchase'),
  f('alertThreshold', 'Seuil d’alerte', 'seuildalerte', 'seuilalerte', 'alertthreshold'),
  f('costCents', 'Coût unitaire HT', 'coutunitaireht', 'coutunitaire', 'prixdachat', 'prixdachatht', 'cost'),
  f('priceTypology', 'Typologie', 'typologie', 'typology', 'codetarif', 'tarif', 'listedeprix', 'pricelist'),
  f(
    'price',
    'Prix',
    'prix',
    'price',
    'prixht',
    'prixttc',
    'prixunitaire',
    'prixunitaireht',
    'prixdevente',
    'prixdeventeht',
    'prixdeventettc',
  ),
];

export const CLIENT_FIELDS: FieldDef[] = [
  f('code', 'Code client', 'codeclient', 'clientcode', 'numeroclient', 'nclient'),
  f('kind', 'Type', 'type', 'typeclient', 'typedeclient', 'kind'),
  f('civility', 'Civilité', 'civilite', 'civility', 'titre'),
  f('firstname', 'Prénom', 'prenom', 'firstname'),
  f('lastname', 'Nom', 'nom', 'lastname', 'nomdefamille'),
  f('company', 'Société', 'societe', 'entreprise', 'raisonsociale', 'company'),
  f('siret', 'SIRET', 'siret', 'nsiret', 'numerosiret'),
  f('vatNumber', 'N° TVA', 'ntva', 'numerotva', 'tvaintracommunautaire', 'ntvaintracom', 'vatnumber'),
  f('email', 'Email', 'email', 'mail', 'courriel', 'adressemail', 'adresseemail'),
  f('phone', 'Téléphone', 'telephone', 'tel', 'phone', 'telephonefixe', 'fixe'),
  f('mobile', 'Mobile', 'mobile', 'portable', 'telephoneportable', 'telephonemobile', 'telportable'),
  f('typology', 'Typologie', 'typologie', 'typology', 'typologietarifaire'),
  f('street', 'Adresse', 'adresse', 'address', 'rue', 'adresse1'),
  f('street2', 'Complément d’adresse', 'complementdadresse', 'complement', 'adresse2', 'address2'),
  f('zipcode', 'Code postal', 'codepostal', 'cp', 'zipcode', 'postalcode'),
  f('city', 'Ville', 'ville', 'city', 'commune'),
  f('country', 'Pays', 'pays', 'country'),
  f('billingStreet', 'Adresse de facturation', 'adressedefacturation', 'adressefacturation'),
  f('billingStreet2', 'Complément de facturation', 'complementdefacturation', 'complementfacturation'),
  f('billingZipcode', 'Code postal de facturation', 'codepostaldefacturation', 'cpfacturation'),
  f('billingCity', 'Ville de facturation', 'villedefacturation', 'villefacturation'),
  f('billingCountry', 'Pays de facturation', 'paysdefacturation', 'paysfacturation'),
  f('tags', 'Étiquettes', 'etiquettes', 'etiquette', 'tags'),
  f('notes', 'Notes', 'notes', 'note', 'commentaire', 'commentaires'),
  f('marketingConsent', 'Consentement marketing', 'consentementmarketing', 'optin', 'newsletter'),
  f('status', 'Statut', 'statut', 'status'),
];

export const STOCK_FIELDS: FieldDef[] = [
  f('formatCode', 'Code format', 'codeformat', 'formatcode', 'sku', 'codearticle', 'article', 'reference'),
  f('gtin', 'GTIN', 'gtin', 'ean', 'ean13', 'codeean', 'codebarre', 'codebarres'),
  f('product', 'Produit', 'produit', 'product', 'nom', 'designation', 'libelle'),
  f('unity', 'Unité', 'unite', 'unity'),
  f('unityValue', 'Contenance', 'contenance', 'volume'),
  f('nameInShop', 'Nom du format', 'nomduformat', 'format'),
  f('warehouse', 'Entrepôt', 'entrepot', 'warehouse', 'depot', 'emplacement'),
  f('feedsWebShop', 'Boutique en ligne', 'boutiqueenligne', 'alimentelaboutique', 'feedswebshop'),
  f('quantity', 'Quantité', 'quantite', 'quantity', 'stock', 'quantiteenstock', 'stockphysique', 'qte'),
];

export const FIELDS: Record<ShopImportEntity, FieldDef[]> = { products: PRODUCT_FIELDS, clients: CLIENT_FIELDS, stock: STOCK_FIELDS };

/** At least one of these fields must have a column (else 400 naming `file`). */
export const REQUIRED_ONE_OF: Record<ShopImportEntity, string[][]> = {
  products: [['name', 'code']],
  clients: [['lastname', 'company', 'email']],
  stock: [['quantity'], ['formatCode', 'gtin', 'product']],
};

/** Each tool's own headers (normalised), read before the generic aliases — see the ASSUMPTIONS above. */
const INTEGRATION_ALIASES: Record<Exclude<ShopImportIntegration, 'default'>, Record<ShopImportEntity, Record<string, string[]>>> = {
  isagri: {
    products: {
      formatCode: ['codearticle', 'article', 'refarticle'],
      name: ['designation', 'libellearticle', 'libelle'],
      type: ['famille'],
      gamme: ['sousfamille', 'appellation'],
      alcohol: ['degre', 'tav', 'titrealcoometrique'],
      unityValue: ['contenance', 'contenancecl', 'volumecl'],
      gtin: ['codeean', 'ean', 'gencod'],
      priceTypology: ['codetarif', 'tarif', 'categorietarifaire'],
      price: ['prixht', 'prixunitaireht', 'prixdevente', 'pvht'],
      exciseCode: ['codenc', 'codeaccise'],
    },
    clients: {
      code: ['codeclient', 'codetiers', 'tiers'],
      company: ['raisonsociale', 'nomsociete'],
      street: ['adresse1', 'adresse'],
      street2: ['adresse2'],
      zipcode: ['cp', 'codepostal'],
      phone: ['tel', 'telephone', 'telfixe'],
      mobile: ['portable', 'telportable'],
      email: ['email', 'mail'],
      typology: ['categorietarifaire', 'codetarif', 'tarif', 'categorie'],
      siret: ['nsiret', 'siret'],
      vatNumber: ['ntvaintracom', 'tvaintracom', 'ntva'],
    },
    stock: {
      formatCode: ['codearticle', 'article'],
      product: ['designation', 'libelle'],
      warehouse: ['depot', 'codedepot', 'lieudestockage'],
      quantity: ['stock', 'stockreel', 'quantiteenstock', 'qte'],
      unityValue: ['contenance'],
    },
  },
  vinistoria: {
    products: {
      formatCode: ['reference', 'ref', 'codeproduit'],
      name: ['nomduvin', 'cuvee', 'vin', 'nom'],
      gamme: ['appellation'],
      alcohol: ['degredalcool', 'degre'],
      unityValue: ['volume', 'contenance', 'volumecl'],
      gtin: ['codebarre', 'codebarres', 'ean'],
      priceTypology: ['tarif', 'grilletarifaire'],
      price: ['prix', 'prixht', 'prixttc'],
    },
    clients: {
      code: ['nclient', 'numeroclient', 'reference'],
      company: ['societe', 'raisonsociale'],
      phone: ['telephonefixe', 'telephone'],
      mobile: ['telephoneportable', 'portable'],
      typology: ['categorie', 'tarif', 'grilletarifaire'],
    },
    stock: {
      formatCode: ['reference', 'ref'],
      product: ['nomduvin', 'cuvee', 'vin'],
      warehouse: ['entrepot', 'lieu'],
      quantity: ['stock', 'quantite'],
      unityValue: ['volume', 'contenance'],
    },
  },
  baqio: {
    products: {
      formatCode: ['sku', 'reference', 'codearticle'],
      name: ['nom', 'nomduproduit', 'produit'],
      gamme: ['cuvee', 'appellation'],
      alcohol: ['degre', 'degredalcool'],
      unityValue: ['contenancecl', 'contenance', 'volume'],
      gtin: ['ean', 'codeean', 'codebarre'],
      priceTypology: ['listedeprix', 'grilletarifaire', 'tarif'],
      price: ['prixht', 'prix', 'prixunitaireht'],
    },
    clients: {
      code: ['reference', 'referenceclient', 'id'],
      company: ['entreprise', 'societe'],
      typology: ['categorieclient', 'categorie', 'listedeprix'],
      tags: ['tags', 'etiquettes'],
    },
    stock: {
      formatCode: ['sku', 'reference'],
      product: ['produit', 'nom'],
      warehouse: ['entrepot', 'emplacement'],
      quantity: ['quantite', 'quantitedisponible', 'quantiteenstock'],
      unityValue: ['contenancecl', 'contenance'],
    },
  },
};

/** How the file's columns are read. */
export interface ColumnMap {
  /** field key → its column */
  fields: Map<string, { index: number; header: string }>;
  /** « Prix <typologie> » columns: the typology code as written after « Prix » */
  prices: Array<{ index: number; header: string; code: string }>;
  /** every column with what it is read as (null: ignored) */
  columns: Array<{ header: string; field: string | null }>;
  /** unit of a volume written without one in the unityValue column */
  volumeUnit: 'l' | 'cl' | 'ml';
}

const PRICE_COLUMN = /^\s*(?:prix|tarif)\s*[:\-–]?\s+(.+?)\s*$/i;

/** The volume unit a header names ("Contenance (cl)"), if any. */
function unitOfHeader(header: string): 'l' | 'cl' | 'ml' | null {
  const m = /\((cl|ml|l|litres?)\)\s*$|\b(cl|ml)\s*$/i.exec(header.trim());
  const u = (m?.[1] ?? m?.[2])?.toLowerCase();
  if (!u) return null;
  return u === 'cl' ? 'cl' : u === 'ml' ? 'ml' : 'l';
}

const matchers = new Map<string, ColumnMatcher<string>>();

/** The entity's matcher for an integration: its own names, then our export's headers, then the generic aliases. */
function matcherOf(entity: ShopImportEntity, integration: ShopImportIntegration): ColumnMatcher<string> {
  const id = `${entity}:${integration}`;
  let m = matchers.get(id);
  if (!m) {
    const columns = FIELDS[entity].map((d) => ({ field: d.key, header: d.header, synonyms: d.aliases }));
    m = columnMatcher(columns, integration === 'default' ? {} : { first: INTEGRATION_ALIASES[integration][entity] });
    matchers.set(id, m);
  }
  return m;
}

/**
 * Reads the headers: the integration's own names first, then ours and the generic aliases; each field once (the first
 * column wins, a second one is ignored). Products also read « Prix <typologie> » columns.
 */
export function mapColumns(entity: ShopImportEntity, integration: ShopImportIntegration, headers: string[]): ColumnMap {
  const matched = matcherOf(entity, integration).match(headers);
  const out: ColumnMap = { fields: new Map(), prices: [], columns: [], volumeUnit: integration === 'default' ? 'l' : 'cl' };
  for (const { index, header, field, duplicate } of matched.columns) {
    if (field && !duplicate) {
      out.fields.set(field, { index, header });
      out.columns.push({ header, field });
      if (field === 'unityValue') out.volumeUnit = unitOfHeader(header) ?? out.volumeUnit;
      continue;
    }
    // a second column of a field is ignored, never read as a price
    const price = entity === 'products' && !field ? PRICE_COLUMN.exec(header) : null;
    if (price) {
      out.prices.push({ index, header, code: price[1] });
      out.columns.push({ header, field: `price:${price[1]}` });
      continue;
    }
    out.columns.push({ header, field: null });
  }
  return out;
}

/** The header of a field in this file, or ours when the file has no such column. */

/** Our export's headers of an entity, in order (products: the price columns are added per typology). */
export const defaultHeaders = (entity: ShopImportEntity, skip: string[] = []): string[] =>
  FIELDS[entity].filter((d) => !skip.includes(d.key)).map((d) => d.header);
