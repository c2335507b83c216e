/**
 * Renders one of the static legal documents (public/legal/*.md). A deliberately small Markdown subset
 * (headings, paragraphs, lists, **bold**, [links](…), e-mail addresses) turned into React elements, so no
 * HTML is ever injected. Document headings start at h2: the page owns the h1. `<!-- … -->` comments (notes for
 * the documents' reviewers, such as the privacy policy's points for a lawyer) are left out.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

const parseBlocks = (markdown: string): Block[] => {
  const blocks: Block[] = [];
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
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+\.\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      const [, hashes = '', text = ''] = heading;
      blocks.push({ kind: 'heading', level: hashes.length as 1 | 2 | 3, text });
    } else if (item) {
      const ordered = !!numbered;
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
};

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;
const isSafeHref = (href: string) => /^(https?:\/\/|mailto:|tel:|\/)/i.test(href);

const renderInline = (text: string): ReactNode[] => {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [whole, bold, linkText, href, email] = match;
    if (bold) nodes.push(<strong key={index}>{bold}</strong>);
    else if (linkText && href && isSafeHref(href))
      nodes.push(
        <a key={index} href={href}>
          {linkText}
        </a>,
      );
    else if (email)
      nodes.push(
        <a key={index} href={`mailto:${email}`}>
          {email}
        </a>,
      );
    else nodes.push(whole);
    last = index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
};

const HEADING_TAGS = { 1: 'h2', 2: 'h3', 3: 'h4' } as const;

export function Markdown({ source }: { source: string }) {
  return (
    <div className="prose-legal">
      {parseBlocks(source).map((block, i) => {
        if (block.kind === 'heading') {
          const Tag = HEADING_TAGS[block.level];
          return <Tag key={i}>{renderInline(block.text)}</Tag>;
        }
        if (block.kind === 'list') {
          const Tag = block.ordered ? 'ol' : 'ul';
          return (
            <Tag key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </Tag>
          );
        }
        return <p key={i}>{renderInline(block.text)}</p>;
      })}
    </div>
  );
}

type LoadState = { status: 'loading' } | { status: 'ready'; source: string } | { status: 'failed' };

/** `{{key}}` in a document becomes `values[key]`: amounts that live in server settings are never typed into the text. */
export const fillPlaceholders = (source: string, values: Record<string, string>, fallback: string) =>
  source.replace(/\{\{(\w+)\}\}/g, (_whole, key: string) => values[key] ?? fallback);

/** Fetches and renders /legal/<name>.md, with its placeholders filled from `values`. */
export function LegalDocument({
  name,
  values = {},
}: {
  name: 'seller-terms' | 'agent-terms' | 'privacy-policy';
  values?: Record<string, string>;
}) {
  const [attempt, setAttempt] = useState(0);
  // Each answer keeps the request it answers: a new document or another attempt shows 'loading' until its own arrives.
  const request = `${name}#${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: LoadState } | null>(null);
  const state: LoadState = answer?.request === request ? answer.state : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/legal/${name}.md`, { signal: controller.signal })
      .then(async (response) => {
        const type = response.headers.get('content-type') ?? '';
        // A missing file would come back as the SPA's index.html: treat that as a failure.
        if (!response.ok || type.includes('text/html')) throw new Error(`Failed to load ${name}`);
        setAnswer({ request, state: { status: 'ready', source: await response.text() } });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ request, state: { status: 'failed' } });
        return error;
      });
    return () => controller.abort();
  }, [name, request]);

  if (state.status === 'loading') {
    return (
      <div className="flex justify-center py-12 text-brand-800">
        <Spinner label="Loading document" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="flex flex-col items-start gap-3 py-8">
        <p className="text-ink-soft">We couldn't load this document. Please check your connection and try again.</p>
        <Button variant="secondary" width="auto" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </div>
    );
  }
  return <Markdown source={fillPlaceholders(state.source, values, 'the fee set by Listwise')} />;
}
