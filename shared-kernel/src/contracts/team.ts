/** Api contract (issue 13): team. Shared by api/src/modules/team and mfe-crm. Filled by the team work. */
export {};
