/** The public ROI simulator: sending its results by email. */
export { createRoiRouter, ROI_RATE_LIMIT, type RoiRouterOptions } from './roi.router';
