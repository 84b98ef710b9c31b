/** The public ROI simulator (issue 17): sending its results by email. */
export { createRoiRouter, ROI_RATE_LIMIT, type RoiRouterOptions } from './roi.router';
