/** Back-office catalogue: products, vintages, formats, prices, promotions, visuals. */
export { createProductsRouter, rawImageBody } from './products.router';
export { mediaStoreFor } from './products.media';
export { createProductsService, type ProductsService } from './products.service';
