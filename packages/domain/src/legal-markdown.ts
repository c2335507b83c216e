/**
 * The legal documents (apps/web/public/legal/*.md) are written in a deliberately small Markdown subset: headings,
 * paragraphs, lists, **bold**, [links](…) and e-mail addresses. This reads them into blocks and inline pieces that a
 * page turns into elements, so no HTML in a document is ever injected. `<!-- … -->` comments (notes for the
 * documents' reviewers, such as the points a lawyer must confirm) are left out of what is shown.
 */

export type LegalBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

export type LegalInline = { kind: 'text'; text: string } | { kind: 'bold'; text: string } | { kind: 'link'; text: string; href: string };

export function parseLegalMarkdown(markdown: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };

  for (const rawLine of markdown.replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line) ?? /^\d+\.\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2] ?? '' });
    } else if (item) {
      const ordered = /^\d/.test(line);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1] ?? '');
    } else if (list) {
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;
/** Only web, mail, phone and same-site links: a document can never carry a script URL. */
const isSafeHref = (href: string) => /^(https?:\/\/|mailto:|tel:|\/)/i.test(href);

export function parseLegalInline(text: string): LegalInline[] {
  const pieces: LegalInline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) pieces.push({ kind: 'text', text: text.slice(last, index) });
    const [whole, bold, linkText, href, email] = match;
    if (bold) pieces.push({ kind: 'bold', text: bold });
    else if (linkText && href && isSafeHref(href)) pieces.push({ kind: 'link', text: linkText, href });
    else if (email) pieces.push({ kind: 'link', text: email, href: `mailto:${email}` });
    else pieces.push({ kind: 'text', text: whole });
    last = index + whole.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

/** `{{key}}` in a document becomes `values[key]`: amounts and names that live elsewhere are never typed into the text. */
export const fillPlaceholders = (source: string, values: Record<string, string>, fallback: string) =>
  source.replace(/\{\{(\w+)\}\}/g, (_whole, key: string) => values[key] ?? fallback);
