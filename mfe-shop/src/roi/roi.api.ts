// The ROI simulator's one request (public page, outside react-query: a plain function).
import { api } from 'shared-kernel/runtime';
import type { RoiAssumptions, RoiInputs, RoiResults } from './roi';

export interface RoiEmail {
  email: string;
  inputs: RoiInputs;
  assumptions: RoiAssumptions;
  results: RoiResults;
  lang: 'fr' | 'en';
}

/** POST /v1/roi/send: mails the results. Silent: the form shows the error itself (under the address when it names it). */
export const sendRoiResults = (body: RoiEmail) => api.post('/roi/send', body, { silent: true });
