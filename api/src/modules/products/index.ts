/** Back-office catalogue (issue 12): products, vintages, formats, prices, promotions, visuals. */
export { createProductsRouter } from './products.router';
export { createProductsService, type ProductsService } from './products.service';
