import { z } from 'zod';
import { intQueryParam } from '../../platform/list-query';

export const MEMBER_KINDS = ['owner', 'iam', 'agent'] as const;
const kindSchema = z.enum(MEMBER_KINDS);

/** userType as repeated params, a JSON list or a comma list; default: every kind. */
function normaliseUserType(raw: unknown): unknown {
  if (raw === undefined) return [...MEMBER_KINDS];
  const parts = Array.isArray(raw) ? raw : [raw];
  const out: unknown[] = [];
  for (const p of parts) {
    if (typeof p !== 'string') {
      out.push(p);
      continue;
    }
    const t = p.trim();
    if (t.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(t);
        if (Array.isArray(parsed)) {
          out.push(...parsed);
          continue;
        }
      } catch {
        /* reported below as an invalid value */
      }
      out.push(t);
      continue;
    }
    out.push(
      ...t
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    );
  }
  return out;
}

export const listAgentsQuerySchema = z.object({
  userType: z
    .preprocess(normaliseUserType, z.array(kindSchema).min(1).max(10))
    .describe('iam, agent, owner: repeated, comma list or JSON list (default all)'),
  /** optional shop id; must be the caller's shop (another shop → 404) */
  shopId: intQueryParam('shopId', 1, 2147483647, 0).transform((v) => v || undefined),
});

export const shopMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  kind: kindSchema,
});
export const listAgentsResponseSchema = z.array(shopMemberSchema);
export type ShopMemberDto = z.infer<typeof shopMemberSchema>;
