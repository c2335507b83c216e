// @vitest-environment happy-dom
/**
 * index.html paints the loading shell before any script runs, and React renders <AppShell /> while the first route
 * loads: the two must be the same markup, or the page would jump between them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppShell } from './app-shell';

/** Parses markup and drops the whitespace-only text nodes formatting adds between tags. */
function parse(html: string): Element {
  const container = document.createElement('div');
  container.innerHTML = html;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const blank: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.textContent?.trim()) blank.push(node);
  for (const node of blank) node.parentNode?.removeChild(node);
  return container;
}

describe('the loading shell', () => {
  it('is the same in index.html as the React component renders', () => {
    const indexHtml = fs.readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(indexHtml)?.[1];
    expect(root, 'index.html has the shell inside #root').toBeTruthy();
    const fromHtml = parse(root!);
    const fromReact = parse(renderToStaticMarkup(<AppShell />));
    expect(fromHtml.innerHTML).toBe(fromReact.innerHTML);
  });
});
