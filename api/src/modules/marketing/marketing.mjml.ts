// Standard templates: the blocks of the editor → MJML → email HTML that renders in common mail clients.
// Every piece of text is escaped or sanitised (rich text by the §5 rules) before it enters the MJML; the whole output
// is sanitised again by the caller (sanitizeEmailHtml).
import { loadMjml } from '../../platform/heavy-libraries';
import type { EmailBlock } from 'shared-kernel/contracts';
import { escapeHtml, sanitizeRichHtml } from './marketing.sanitize';

export interface ProductCard {
  name: string;
  /** '12,50 €' or null when the shop shows no public price */
  price: string | null;
  url: string;
  image: string | null;
}

export interface RenderContext {
  shopName: string;
  /** the shop's colour (shops.editedShop.color) */
  color: string;
  /** absolute URL of the shop's logo, or null */
  logoUrl: string | null;
  products: Map<number, ProductCard>;
}

const attr = (s: string) => escapeHtml(s);
const HEADING_SIZES = [0, 28, 24, 20, 18, 16, 14];
const safeColor = (c: string | undefined, fallback: string) => (c && /^#[0-9a-f]{6}$/i.test(c) ? c : fallback);

function section(inner: string, extra = ''): string {
  return `<mj-section background-color="#ffffff" padding="8px 0"${extra}>${inner}</mj-section>`;
}
const column = (inner: string) => `<mj-column>${inner}</mj-column>`;

function blockMjml(b: EmailBlock, ctx: RenderContext): string {
  const color = safeColor(ctx.color, '#7b1e3a');
  switch (b.type) {
    case 'heading': {
      const level = Math.min(6, Math.max(1, b.level ?? 1));
      return section(
        column(
          `<mj-text align="${b.align ?? 'left'}" font-size="${HEADING_SIZES[level]}px" font-weight="bold" line-height="1.3" color="${safeColor(b.color, '#222222')}"><h${level} style="margin: 0; font-size: ${HEADING_SIZES[level]}px">${escapeHtml(b.text)}</h${level}></mj-text>`,
        ),
      );
    }
    case 'text':
      return section(column(`<mj-text>${sanitizeRichHtml(b.html)}</mj-text>`));
    case 'image':
      return section(
        column(
          `<mj-image src="${attr(b.src)}" alt="${attr(b.alt ?? '')}"${b.href ? ` href="${attr(b.href)}"` : ''} fluid-on-mobile="true" />`,
        ),
      );
    case 'button':
      return section(
        column(
          `<mj-button href="${attr(b.href)}" align="${b.align ?? 'center'}" background-color="${safeColor(b.color, color)}" color="#ffffff" border-radius="4px" font-weight="bold">${escapeHtml(b.label)}</mj-button>`,
        ),
      );
    case 'product': {
      const p = ctx.products.get(b.productId);
      if (!p) return '';
      return section(
        [
          p.image
            ? `<mj-column width="40%"><mj-image src="${attr(p.image)}" alt="${attr(p.name)}" href="${attr(p.url)}" /></mj-column>`
            : '',
          `<mj-column${p.image ? ' width="60%"' : ''}>`,
          `<mj-text font-size="18px" font-weight="bold">${escapeHtml(p.name)}</mj-text>`,
          p.price ? `<mj-text font-size="16px" color="${color}">${escapeHtml(p.price)}</mj-text>` : '',
          `<mj-button href="${attr(p.url)}" align="left" background-color="${color}" color="#ffffff" border-radius="4px">Voir le produit</mj-button>`,
          '</mj-column>',
        ].join(''),
      );
    }
    case 'divider':
      return section(column(`<mj-divider border-width="1px" border-color="#dddddd" />`));
    case 'columns':
      return section(
        `${column(`<mj-text>${sanitizeRichHtml(b.left)}</mj-text>`)}${column(`<mj-text>${sanitizeRichHtml(b.right)}</mj-text>`)}`,
      );
  }
}

/** The MJML source of a standard template (exported for the tests). */
export function blocksToMjml(blocks: EmailBlock[], ctx: RenderContext): string {
  const color = safeColor(ctx.color, '#7b1e3a');
  const header = ctx.logoUrl
    ? `<mj-image src="${attr(ctx.logoUrl)}" alt="${attr(ctx.shopName)}" width="160px" align="center" />`
    : `<mj-text align="center" font-size="22px" font-weight="bold" color="${color}">${escapeHtml(ctx.shopName)}</mj-text>`;
  return [
    '<mjml lang="fr"><mj-head>',
    '<mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="14px" line-height="1.5" color="#333333" /></mj-attributes>',
    '</mj-head><mj-body background-color="#f4f4f4" width="600px">',
    `<mj-section background-color="#ffffff" border-top="4px solid ${color}" padding="16px 0">${column(header)}</mj-section>`,
    ...blocks.map((b) => blockMjml(b, ctx)),
    `<mj-section padding="16px 0"><mj-column><mj-text align="center" font-size="12px" color="#888888">${escapeHtml(ctx.shopName)}</mj-text></mj-column></mj-section>`,
    '</mj-body></mjml>',
  ].join('');
}

/** The email HTML of a standard template (not yet sanitised: the caller does it). */
export async function renderBlocks(blocks: EmailBlock[], ctx: RenderContext): Promise<string> {
  const mjml2html = await loadMjml();
  const out = await mjml2html(blocksToMjml(blocks, ctx), { validationLevel: 'soft', keepComments: false });
  return out.html;
}
