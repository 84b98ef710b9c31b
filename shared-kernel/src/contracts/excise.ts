/** Api contract (issue 12): CRD capsules and the monthly DRM. Shared by the api module and the mfe-stock screens. */
export {};
