/** Api contract (issue 12): the tariff grid, its import/export, typologies and product defaults. Shared by the api module and the mfe-stock screens. */
export {};
