import type { RefOption } from './option';

export const LANGUAGES_LIST = [
  { value: 'fr', label: 'Français' },
  { value: 'en', label: 'Anglais' },
  { value: 'es', label: 'Espagnol' },
  { value: 'de', label: 'Allemand' },
  { value: 'it', label: 'Italien' },
  { value: 'pt', label: 'Portugais' },
  { value: 'nl', label: 'Néerlandais' },
  { value: 'pl', label: 'Polonais' },
  { value: 'ru', label: 'Russe' },
  { value: 'zh', label: 'Chinois' },
  { value: 'ja', label: 'Japonais' },
] as const satisfies readonly RefOption[];

/** Spec §9 restricted country set: the 27 EU member states and Switzerland. */
export const RESTRICTED_COUNTRIES = [
  { value: 'AT', label: 'Autriche' },
  { value: 'BE', label: 'Belgique' },
  { value: 'BG', label: 'Bulgarie' },
  { value: 'CH', label: 'Suisse' },
  { value: 'CY', label: 'Chypre' },
  { value: 'CZ', label: 'Tchéquie' },
  { value: 'DE', label: 'Allemagne' },
  { value: 'DK', label: 'Danemark' },
  { value: 'EE', label: 'Estonie' },
  { value: 'ES', label: 'Espagne' },
  { value: 'FI', label: 'Finlande' },
  { value: 'FR', label: 'France' },
  { value: 'GR', label: 'Grèce' },
  { value: 'HR', label: 'Croatie' },
  { value: 'HU', label: 'Hongrie' },
  { value: 'IE', label: 'Irlande' },
  { value: 'IT', label: 'Italie' },
  { value: 'LT', label: 'Lituanie' },
  { value: 'LU', label: 'Luxembourg' },
  { value: 'LV', label: 'Lettonie' },
  { value: 'MT', label: 'Malte' },
  { value: 'NL', label: 'Pays-Bas' },
  { value: 'PL', label: 'Pologne' },
  { value: 'PT', label: 'Portugal' },
  { value: 'RO', label: 'Roumanie' },
  { value: 'SE', label: 'Suède' },
  { value: 'SI', label: 'Slovénie' },
  { value: 'SK', label: 'Slovaquie' },
] as const satisfies readonly RefOption[];
export const RESTRICTED_COUNTRY_CODES: ReadonlySet<string> = new Set(RESTRICTED_COUNTRIES.map((c) => c.value));

const DEPARTMENT_NAMES: Record<string, string> = {
  '01': 'Ain', '02': 'Aisne', '03': 'Allier', '04': 'Alpes-de-Haute-Provence', '05': 'Hautes-Alpes', '06': 'Alpes-Maritimes',
  '07': 'Ardèche', '08': 'Ardennes', '09': 'Ariège', '10': 'Aube', '11': 'Aude', '12': 'Aveyron', '13': 'Bouches-du-Rhône',
  '14': 'Calvados', '15': 'Cantal', '16': 'Charente', '17': 'Charente-Maritime', '18': 'Cher', '19': 'Corrèze',
  '2A': 'Corse-du-Sud', '2B': 'Haute-Corse', '21': "Côte-d'Or", '22': "Côtes-d'Armor", '23': 'Creuse', '24': 'Dordogne',
  '25': 'Doubs', '26': 'Drôme', '27': 'Eure', '28': 'Eure-et-Loir', '29': 'Finistère', '30': 'Gard', '31': 'Haute-Garonne',
  '32': 'Gers', '33': 'Gironde', '34': 'Hérault', '35': 'Ille-et-Vilaine', '36': 'Indre', '37': 'Indre-et-Loire', '38': 'Isère',
  '39': 'Jura', '40': 'Landes', '41': 'Loir-et-Cher', '42': 'Loire', '43': 'Haute-Loire', '44': 'Loire-Atlantique', '45': 'Loiret',
  '46': 'Lot', '47': 'Lot-et-Garonne', '48': 'Lozère', '49': 'Maine-et-Loire', '50': 'Manche', '51': 'Marne', '52': 'Haute-Marne',
  '53': 'Mayenne', '54': 'Meurthe-et-Moselle', '55': 'Meuse', '56': 'Morbihan', '57': 'Moselle', '58': 'Nièvre', '59': 'Nord',
  '60': 'Oise', '61': 'Orne', '62': 'Pas-de-Calais', '63': 'Puy-de-Dôme', '64': 'Pyrénées-Atlantiques', '65': 'Hautes-Pyrénées',
  '66': 'Pyrénées-Orientales', '67': 'Bas-Rhin', '68': 'Haut-Rhin', '69': 'Rhône', '70': 'Haute-Saône', '71': 'Saône-et-Loire',
  '72': 'Sarthe', '73': 'Savoie', '74': 'Haute-Savoie', '75': 'Paris', '76': 'Seine-Maritime', '77': 'Seine-et-Marne',
  '78': 'Yvelines', '79': 'Deux-Sèvres', '80': 'Somme', '81': 'Tarn', '82': 'Tarn-et-Garonne', '83': 'Var', '84': 'Vaucluse',
  '85': 'Vendée', '86': 'Vienne', '87': 'Haute-Vienne', '88': 'Vosges', '89': 'Yonne', '90': 'Territoire de Belfort',
  '91': 'Essonne', '92': 'Hauts-de-Seine', '93': 'Seine-Saint-Denis', '94': 'Val-de-Marne', '95': "Val-d'Oise",
  '971': 'Guadeloupe', '972': 'Martinique', '973': 'Guyane', '974': 'La Réunion', '976': 'Mayotte',
};

/** French departments: 01-95 (Corsica as 2A/2B) and the overseas departments 971-976. */
export const FRENCH_DEPARTMENTS: readonly RefOption[] = Object.entries(DEPARTMENT_NAMES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => departmentRank(a.value) - departmentRank(b.value));

/** Corsica (2A, 2B) sorts where department 20 was. */
function departmentRank(code: string): number {
  return code === '2A' ? 20.1 : code === '2B' ? 20.2 : Number(code);
}

/** Department code of a French postcode ('20…' → 2A/2B, '97x…' → overseas). */
export function departmentOfPostcode(zipcode: string): string | null {
  const z = zipcode.trim();
  if (!/^\d{5}$/.test(z)) return null;
  if (z.startsWith('97')) return DEPARTMENT_NAMES[z.slice(0, 3)] ? z.slice(0, 3) : null;
  if (z.startsWith('20')) return Number(z) < 20200 ? '2A' : '2B';
  return DEPARTMENT_NAMES[z.slice(0, 2)] ? z.slice(0, 2) : null;
}
