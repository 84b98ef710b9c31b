// The shop's mailbox for suppliers' invoices: factures+<shop token>@<mail domain>. The mail gateway posts each mail
// it receives there (raw RFC 5322 message) to POST /supplier-invoices/inbound-mail; every PDF or XML attachment is
// received as if uploaded. The token is <shop id>-<HMAC-SHA256 of the shop id, 64 bits>: only the shop (and the
// suppliers it gives the address to) knows it; a forged or another shop's token opens nothing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import { loadMailParser } from '../../platform/heavy-libraries';
import { SUPPLIER_INVOICE_MESSAGES as M } from 'shared-kernel/contracts';
import { HttpError } from '../../platform/errors';

/** A mail may be at most this big (a 10 MB attachment is ~13.7 MB once base64-encoded). */
export const MAX_INBOUND_MAIL_BYTES = 15 * 1024 * 1024;
/** At most this many attachments are read from one mail. */
export const MAX_INBOUND_ATTACHMENTS = 10;

export interface Inbox {
  addressOf(shopId: number): string;
  /** the shop a recipient address opens, or null */
  shopOf(address: string): number | null;
}

/** `secret`: the api's server secret; `domain`: the mail domain of the inbox addresses. */
export function createInbox(secret: () => Uint8Array, domain: string): Inbox {
  let key: Buffer | null = null;
  const mac = (shopId: number) => {
    key ??= Buffer.from(hkdfSync('sha256', secret(), Buffer.alloc(0), 'wz-supplier-invoice-inbox', 32));
    return createHmac('sha256', key).update(`shop:${shopId}`).digest('hex').slice(0, 16);
  };
  return {
    addressOf: (shopId) => `factures+${shopId}-${mac(shopId)}@${domain}`,
    shopOf(address) {
      const m = /^factures\+(\d{1,10})-([0-9a-f]{16})@/i.exec(address.trim());
      if (!m) return null;
      const shopId = Number(m[1]);
      if (!Number.isSafeInteger(shopId) || shopId <= 0 || shopId > 2_147_483_647) return null;
      const want = Buffer.from(mac(shopId));
      const got = Buffer.from(m[2].toLowerCase());
      return got.length === want.length && timingSafeEqual(got, want) ? shopId : null;
    },
  };
}

/** The mail domain of the inbox: the sender address's domain, else the public url's host. */
export function inboxDomainOf(mailFrom: string, publicUrl: string): string {
  const fromDomain = /@([a-z0-9.-]+\.[a-z]{2,})>?\s*$/i.exec(mailFrom)?.[1];
  if (fromDomain) return fromDomain.toLowerCase();
  try {
    return new URL(publicUrl).hostname;
  } catch {
    return 'localhost';
  }
}

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? '')).filter(Boolean);

const INVOICE_ATTACHMENT = /\.(pdf|xml)$/i;
const INVOICE_TYPES = new Set(['application/pdf', 'application/xml', 'text/xml']);

/**
 * Reads a raw mail: the recipients (the envelope's, given by the gateway, then Delivered-To, X-Original-To, To, Cc)
 * and its PDF / XML attachments (at most 10).
 */
export async function readInboundMail(
  raw: Buffer,
  envelopeRecipient: string | undefined,
): Promise<{ recipients: string[]; attachments: Array<{ fileName: string; content: Buffer }> }> {
  let mail: ParsedMail;
  try {
    const { simpleParser } = await loadMailParser();
    mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  } catch {
    throw new HttpError(400, M.inboxBadMail, 'mail');
  }
  const header = (name: string) => {
    const v = mail.headers.get(name);
    return typeof v === 'string'
      ? [v.replace(/^.*<|>.*$/g, '')]
      : v && typeof v === 'object' && 'value' in v
        ? addresses(v as AddressObject)
        : [];
  };
  const recipients = [
    ...(envelopeRecipient ? [envelopeRecipient] : []),
    ...header('delivered-to'),
    ...header('x-original-to'),
    ...addresses(mail.to),
    ...addresses(mail.cc),
  ];
  const files = mail.attachments.filter((a) => INVOICE_ATTACHMENT.test(a.filename ?? '') || INVOICE_TYPES.has(a.contentType));
  if (files.length > MAX_INBOUND_ATTACHMENTS) throw new HttpError(400, M.inboxTooManyAttachments, 'mail');
  return {
    recipients,
    attachments: files.map((a, i) => ({
      fileName: a.filename ?? `piece-jointe-${i + 1}${a.contentType === 'application/pdf' ? '.pdf' : '.xml'}`,
      content: a.content,
    })),
  };
}
