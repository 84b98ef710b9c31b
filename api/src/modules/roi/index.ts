/** The public ROI simulator (issue 17): sending its results by email. */
export { createRoiRouter } from './roi.router';
