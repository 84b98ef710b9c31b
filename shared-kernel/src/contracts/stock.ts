/** Api contract (issue 12): warehouses, stock levels, movements, allocations. Shared by the api module and the mfe-stock screens. */
export {};
