/**
 * The plain-text part of an e-mail, from its HTML: links as `text: url`, one line per paragraph, heading and table
 * row, the cells of a row as `label: value` (a tax invoice's 'Date: 28 Nov 2026', never 'Date28 Nov 2026'), and
 * every character reference decoded. React escapes `&`, `<`, `>`, `"` and `'` in what it
 * renders, so a name like "Tom & Jerry" arrived in the text part as `Tom &amp; Jerry`: the text part must carry
 * the characters themselves. `&amp;` is decoded last, in the same pass, so `&amp;lt;` stays the literal `&lt;`.
 */
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#x') || body.startsWith('#X')) return codePoint(Number.parseInt(body.slice(2), 16), entity);
  if (body.startsWith('#')) return codePoint(Number.parseInt(body.slice(1), 10), entity);
  return NAMED_ENTITIES[body] ?? entity;
}

// An out-of-range reference is left as written rather than throwing while an e-mail is queued.
const codePoint = (value: number, entity: string) =>
  Number.isInteger(value) && value >= 0 && value <= 0x10ffff ? String.fromCodePoint(value) : entity;

export const decodeHtmlEntities = (text: string): string => text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, decodeEntity);

export const htmlToText = (html: string): string =>
  decodeHtmlEntities(
    html
      .replace(/<(style|title)[^>]*>[\s\S]*?<\/\1>/g, '')
      // A mailto: link whose text is its own address (the footer's contact) reads as the address alone.
      .replace(/<a [^>]*href="mailto:([^"]+)"[^>]*>\1<\/a>/g, '$1')
      .replace(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g, '$2: $1')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<\/t[dh]>\s*(?=<t[dh][\s>])/g, ': ')
      .replace(/<\/(p|h1|h2|h3|tr|li|div)>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
