/** Excise: CRD capsules and the monthly DRM. */
export { createExciseRouter } from './excise.router';
export { createExciseService, type ExciseService } from './excise.service';
