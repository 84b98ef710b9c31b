/** Api contract (issue 12): suppliers and purchase orders. Shared by the api module and the mfe-stock screens. */
export {};
