/** Documents waiting to be downloaded by a user (modules/documents). */
export { createDocumentsRouter } from './documents.router';
export { addDocumentToDownload } from './documents.repository';
