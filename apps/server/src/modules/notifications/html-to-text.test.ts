import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { decodeHtmlEntities, htmlToText } from './html-to-text.ts';

describe('htmlToText', () => {
  it('carries the characters React escaped, not their entities (issue 19: "Tom &amp; Jerry")', () => {
    const html = renderToStaticMarkup(createElement('p', null, `Tom & Jerry's <"agency">`));
    expect(html).toContain('&amp;');
    expect(htmlToText(html)).toBe(`Tom & Jerry's <"agency">`);
  });

  it('decodes &amp; in the same pass as the others, so an escaped entity stays literal', () => {
    expect(decodeHtmlEntities('&amp;lt; &lt; &#39; &#x27; &#8217; &nbsp;')).toBe("&lt; < ' ' \u2019 \u00a0");
  });

  it('leaves unknown and out-of-range references as written', () => {
    expect(decodeHtmlEntities('&bogus; &#x110000; &#99999999999;')).toBe('&bogus; &#x110000; &#99999999999;');
  });

  it('writes links as text and address, with the query string decoded', () => {
    const html = renderToStaticMarkup(createElement('p', null, createElement('a', { href: 'https://x.example/a?b=1&c=2' }, 'Open')));
    expect(htmlToText(html)).toBe('Open: https://x.example/a?b=1&c=2');
  });

  it('puts paragraphs and line breaks on lines of their own', () => {
    expect(htmlToText('<h1>Hello</h1><p>One</p><p>Two<br/>Three</p>')).toBe('Hello\nOne\nTwo\nThree');
  });

  it('writes the cells of a table row as label: value, one row a line', () => {
    const html =
      '<table><tbody><tr><td style="padding:0">Date</td><td align="right">28 Nov 2026</td></tr>' +
      '<tr><th>GST</th>\n<td>$100</td></tr><tr><td>Total paid (including GST)</td><td>$1,100</td></tr></tbody></table>';
    expect(htmlToText(html)).toBe('Date: 28 Nov 2026\nGST: $100\nTotal paid (including GST): $1,100');
  });
});
