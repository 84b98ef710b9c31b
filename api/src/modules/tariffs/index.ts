/** Tariffs: the price grid, its CSV/XLSX import and export, price-list PDFs, typologies and product defaults. */
export { createTariffsRouter } from './tariffs.router';
export { createTariffsService } from './tariffs.service';
export { productDefaultsOf, typologiesOf } from './tariffs.domain';
