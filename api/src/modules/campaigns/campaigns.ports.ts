/**
 * What the campaigns take from the marketing module (lists and models): the recipients of lists
 * (deduplicated by email, consent and opt-outs applied), a model rendered and sanitised, the merge fields.
 */
export { applyMergeFields, recipientsOfLists, renderModel, sanitizeEmailHtml } from '../marketing';

export interface ListRecipient {
  clientId: number;
  email: string;
  fields: Record<string, string>;
}
