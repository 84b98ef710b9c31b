import { defineTexts } from 'shared-kernel/kit';
import { MONTHS_EN, MONTHS_FR } from '../../months';

export const { useTexts, texts } = defineTexts('accounting.settings.accounting', {
  fr: {
    intro:
      'Les réglages de la pré-comptabilité : le début de l’exercice comptable, les codes et libellés des journaux, le format de l’export pour votre comptable et les comptes clients.',
    noAccess:
      'Seuls le propriétaire et les collaborateurs ayant le droit « Accéder à la pré-comptabilité » ou « Modifier les codes comptables » peuvent voir les paramètres comptables.',
    readOnly:
      'Lecture seule : seuls le propriétaire et les collaborateurs ayant le droit « Modifier les codes comptables » peuvent modifier ces paramètres.',
    loadError: 'Les paramètres comptables n’ont pas pu être chargés',
    retry: 'Réessayer',
    saved: 'Paramètres comptables enregistrés',
    // fiscal year
    fiscalYear: 'Exercice comptable',
    fiscalYearHelp: 'L’exercice commence ce jour-là chaque année et se termine la veille du début suivant.',
    startMonth: 'Mois de début',
    startDay: 'Jour de début',
    month: (m: number) => MONTHS_FR[m] ?? String(m + 1),
    currentYear: (from: string, to: string) => `Exercice en cours : du ${from} au ${to}`,
    currentYearUnknown: 'Exercice en cours : choisissez un jour qui existe dans le mois de début.',
    // journals
    journals: 'Journaux',
    journalsHelp: 'Le code (1 à 4 lettres ou chiffres) et le libellé de chaque journal, repris dans les écritures et les exports.',
    journalKind: {
      VT: 'Ventes',
      BQ: 'Banque',
      CA: 'Caisse',
      OD: 'Opérations diverses',
      HA: 'Achats',
      AN: 'À nouveaux',
    },
    journalCode: 'Code',
    journalLabel: 'Libellé',
    // export
    export: 'Export comptable',
    exportHelp: 'La présentation et le format du fichier des écritures remis à votre comptable ou importé dans son logiciel.',
    exportLayout: 'Présentation',
    exportFormat: 'Format du fichier',
    formats: { csv: 'CSV', xlsx: 'Excel (XLSX)' },
    // client accounts
    clients: 'Comptes clients',
    clientPrefix: 'Préfixe des comptes clients',
    clientPrefixHelp: 'Le compte auxiliaire d’un client est ce préfixe suivi de son code (ex. 411).',
    counterSalesClient: 'Compte client des ventes comptoir',
    counterSalesClientHelp: 'Le compte des ventes en caisse sans client identifié (ex. 4110000).',
    clientsHelpStart: 'Ces deux comptes figurent aussi sur la page ',
    codesLink: 'Codes comptables',
    clientsHelpEnd: ', avec le reste du plan comptable.',
  },
  en: {
    intro:
      'The pre-accounting settings: when the fiscal year starts, the codes and names of the journals, the layout of the export for your accountant and the client accounts.',
    noAccess:
      'Only the owner and collaborators with the “Access pre-accounting” or “Edit accounting codes” right can see the accounting settings.',
    readOnly: 'Read only: only the owner and collaborators with the “Edit accounting codes” right can change these settings.',
    loadError: 'The accounting settings could not be loaded',
    retry: 'Retry',
    saved: 'Accounting settings saved',
    fiscalYear: 'Fiscal year',
    fiscalYearHelp: 'The fiscal year starts on this day every year and ends the day before the next start.',
    startMonth: 'Start month',
    startDay: 'Start day',
    month: (m: number) => MONTHS_EN[m] ?? String(m + 1),
    currentYear: (from: string, to: string) => `Current fiscal year: from ${from} to ${to}`,
    currentYearUnknown: 'Current fiscal year: choose a day that exists in the start month.',
    journals: 'Journals',
    journalsHelp: 'The code (1 to 4 letters or digits) and the name of each journal, used in the entries and the exports.',
    journalKind: { VT: 'Sales', BQ: 'Bank', CA: 'Cash', OD: 'Miscellaneous', HA: 'Purchases', AN: 'Opening balances' },
    journalCode: 'Code',
    journalLabel: 'Name',
    export: 'Accounting export',
    exportHelp: 'The layout and the format of the entries file given to your accountant or imported into their software.',
    exportLayout: 'Layout',
    exportFormat: 'File format',
    formats: { csv: 'CSV', xlsx: 'Excel (XLSX)' },
    clients: 'Client accounts',
    clientPrefix: 'Client account prefix',
    clientPrefixHelp: 'A client’s auxiliary account is this prefix followed by the client’s code (e.g. 411).',
    counterSalesClient: 'Counter-sales client account',
    counterSalesClientHelp: 'The account of till sales without an identified client (e.g. 4110000).',
    clientsHelpStart: 'Both accounts are also on the ',
    codesLink: 'Accounting codes',
    clientsHelpEnd: ' page, with the rest of the chart of accounts.',
  },
});
