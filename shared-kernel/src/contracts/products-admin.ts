/** Api contract (issue 12): the back-office catalogue (products, vintages, formats, prices, promotions, visuals). Shared by the api module and the mfe-stock screens. */
export {};
