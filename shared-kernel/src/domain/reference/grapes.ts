/**
 * Grape varieties (cépages) offered in product sheets and nutritional declarations.
 * Real variety names, French spelling where one exists; the list is sorted at load.
 */
const NAMES = [
  'Abouriou', 'Aglianico', 'Albariño', 'Aleatico', 'Alicante Bouschet', 'Aligoté', 'Altesse', 'Alvarinho', 'Aramon', 'Arbane',
  'Arinarnoa', 'Arrufiac', 'Arvine', 'Assyrtiko', 'Aubin', 'Auxerrois', 'Baco blanc', 'Baga', 'Barbarossa', 'Barbera',
  'Baroque', 'Bourboulenc', 'Brachet', 'Braucol', 'Brun argenté', 'Cabernet franc', 'Cabernet sauvignon', 'Caladoc', 'Camaralet', 'Carignan',
  'Carignan blanc', 'Carmenère', 'César', 'Chambourcin', 'Chardonnay', 'Chasselas', 'Chenin blanc', 'Cinsault', 'Clairette', 'Clairette rose',
  'Colombard', 'Corvina', 'Counoise', 'Courbu', 'Courbu noir', 'Duras', 'Durif', 'Égiodola', 'Fer servadou', 'Folle blanche',
  'Furmint', 'Gamay', 'Gamay de Bouze', 'Garganega', 'Gewurztraminer', 'Graciano', 'Grenache', 'Grenache blanc', 'Grenache gris', 'Gros Manseng',
  'Grolleau', 'Grolleau gris', 'Grüner Veltliner', 'Jacquère', 'Joubertin', 'Jurançon noir', 'Lagrein', 'Lambrusco', 'Lauzet', 'Len de l’El',
  'Listán', 'Lledoner pelut', 'Macabeu', 'Malbec', 'Malvasia', 'Manseng noir', 'Marsanne', 'Marselan', 'Mauzac', 'Mauzac noir',
  'Melon de Bourgogne', 'Mencía', 'Merlot', 'Meslier Saint-François', 'Mondeuse', 'Mondeuse blanche', 'Montepulciano', 'Morrastel', 'Mourvèdre', 'Muscadelle',
  'Muscardin', 'Muscat à petits grains', 'Muscat d’Alexandrie', 'Muscat de Hambourg', 'Muscat Ottonel', 'Nebbiolo', 'Négrette', 'Nero d’Avola', 'Niellucciu', 'Ondenc',
  'Petit Courbu', 'Petit Manseng', 'Petit Meslier', 'Petit Verdot', 'Picardan', 'Picpoul', 'Picpoul noir', 'Pineau d’Aunis', 'Pinot blanc',
  'Pinot gris', 'Pinot Meunier', 'Pinot noir', 'Pinotage', 'Piquepoul blanc', 'Portugais bleu', 'Poulsard', 'Primitivo', 'Prunelard', 'Riesling',
  'Rolle', 'Romorantin', 'Roussanne', 'Roussette', 'Sacy', 'Sangiovese', 'Saperavi', 'Sauvignon blanc', 'Sauvignon gris', 'Savagnin',
  'Savagnin rose', 'Sciaccarellu', 'Sémillon', 'Servant', 'Syrah', 'Sylvaner', 'Tannat', 'Tempranillo', 'Terret blanc', 'Terret noir',
  'Tibouren', 'Touriga Franca', 'Touriga Nacional', 'Tressot', 'Trousseau', 'Ugni blanc', 'Vaccarèse', 'Verdejo', 'Verdelho', 'Verdicchio',
  'Vermentino', 'Viognier', 'Xinomavro', 'Zinfandel', 'Zweigelt', 'Airén', 'Albarín', 'Alfrocheiro', 'Antão Vaz', 'Arinto',
  'Bobal', 'Bonarda', 'Cannonau', 'Carricante', 'Catarratto', 'Cortese', 'Dolcetto', 'Encruzado', 'Fiano', 'Frappato',
  'Freisa', 'Garnacha tintorera', 'Gouveio', 'Greco', 'Grillo', 'Godello', 'Hondarrabi Zuri', 'Loureiro', 'Malvasía de Sitges', 'Mazuelo',
  'Monastrell', 'Moscato Bianco', 'Nerello Mascalese', 'Negroamaro', 'Parellada', 'Pecorino', 'Petite Arvine', 'Pinot Grigio', 'Prieto Picudo', 'Rabigato',
  'Refosco', 'Ribolla Gialla', 'Sagrantino', 'Schiava', 'Tinta Barroca', 'Tinta Roriz', 'Tinto Cão', 'Trebbiano', 'Viura', 'Xarel·lo',
  'Blaufränkisch', 'Dornfelder', 'Kerner', 'Lemberger', 'Müller-Thurgau', 'Ortega', 'Regent', 'Scheurebe', 'Silvaner', 'Spätburgunder',
  'Trollinger', 'Welschriesling', 'Bacchus', 'Solaris', 'Seyval blanc', 'Vidal blanc', 'Chancellor', 'Léon Millot', 'Maréchal Foch', 'Souvignier gris',
  'Cabernet blanc', 'Cabernet Cortis', 'Johanniter', 'Muscaris', 'Artaban', 'Vidoc', 'Floreal', 'Voltis', 'Sauvignac', 'Pinotin',
  'Petite Sirah', 'Ruby Cabernet', 'Norton', 'Concord', 'Catawba', 'Niagara', 'Torrontés', 'País',
  'Harslevelü', 'Kadarka', 'Kékfrankos', 'Rkatsiteli', 'Feteasca neagra', 'Feteasca alba', 'Plavac Mali', 'Malagousia', 'Moschofilero', 'Agiorgitiko',
  'Mavrodaphne', 'Roditis', 'Obeidi', 'Calitor', 'Colombaud', 'Oeillade', 'Mollard', 'Fuella nera',
  'Folle noire', 'Bouchalès', 'Castets', 'Mérille', 'Valdiguié', 'Béclan', 'Enfariné', 'Gouais blanc', 'Melon', 'Chatus',
];

export const GRAPE_VARIETIES: readonly string[] = [...new Set(NAMES)].sort((a, b) => a.localeCompare(b, 'fr'));

/** Case- and accent-insensitive search in the list. */
export function searchGrapes(query: string, limit = 20): string[] {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = norm(query.trim());
  if (!q) return GRAPE_VARIETIES.slice(0, limit);
  return GRAPE_VARIETIES.filter((g) => norm(g).includes(q)).slice(0, limit);
}
