/** Import and export of a whole shop (issue 17): cards for the settings section « intégrations ». */
export { ImportCard } from './ImportCard';
export { ExportCard } from './ExportCard';
