// The libraries that only documents, spreadsheets and mails need are loaded by the first request that uses one, not
// when the api starts: jsdom, MJML, ExcelJS, the mail parser, pdfkit and pdf-lib take about two seconds to load
// together, which every start of the api (and every api test file) paid though most requests never touch them.
// Node caches a loaded module, so each call after the first costs nothing.

export const loadPdfkit = async () => (await import('pdfkit')).default;
export const loadPdfLib = () => import('pdf-lib');
export const loadExcelJs = async () => (await import('exceljs')).default;
export const loadMjml = async () => (await import('mjml')).default;
export const loadMailParser = () => import('mailparser');
