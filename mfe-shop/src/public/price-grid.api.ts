// A professional's request for a shop's price grid (public shop pages, outside react-query: a plain function).
import { api } from 'shared-kernel/runtime';

/** POST /v1/shops/:id/price-grid-requests. Not silent: the api's message (a 409 included) shows as a snackbar. */
export const requestPriceGrid = (shopId: number) => api.post(`/shops/${shopId}/price-grid-requests`);
