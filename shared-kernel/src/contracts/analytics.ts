/** Api contract (issue 13): analytics. Shared by api/src/modules/analytics and mfe-crm. Filled by the analytics work. */
export {};
