/** Api contract (issue 13): opportunities. Shared by api/src/modules/opportunities and mfe-crm. Filled by the opportunities work. */
export {};
