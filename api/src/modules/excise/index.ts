/** Excise (issue 12): CRD capsules and the monthly DRM. */
export { createExciseRouter } from './excise.router';
