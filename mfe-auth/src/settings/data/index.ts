/** Import and export of a whole shop: cards for the settings section « intégrations ». */
export { ImportCard } from './ImportCard';
export { ExportCard } from './ExportCard';
