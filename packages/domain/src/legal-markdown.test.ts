import { describe, expect, it } from 'vitest';
import { fillPlaceholders, parseLegalInline, parseLegalMarkdown } from './legal-markdown.ts';

describe('the legal documents’ Markdown', () => {
  it('reads headings, paragraphs and lists, and leaves the reviewers’ comments out', () => {
    const blocks = parseLegalMarkdown(
      '# Title\n<!-- a lawyer must confirm -->\nOne line\nand its next.\n\n- first\n  continued\n- second\n\n1. one',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'paragraph', text: 'One line and its next.' },
      { kind: 'list', ordered: false, items: ['first continued', 'second'] },
      { kind: 'list', ordered: true, items: ['one'] },
    ]);
  });

  it('turns bold, safe links and e-mail addresses into pieces, and never a script link', () => {
    expect(parseLegalInline('**Bold** see [OAIC](https://www.oaic.gov.au) or a@b.com.au and [x](javascript:alert(1))')).toEqual([
      { kind: 'bold', text: 'Bold' },
      { kind: 'text', text: ' see ' },
      { kind: 'link', text: 'OAIC', href: 'https://www.oaic.gov.au' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'a@b.com.au', href: 'mailto:a@b.com.au' },
      { kind: 'text', text: ' and ' },
      { kind: 'text', text: '[x](javascript:alert(1)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('puts setting values into the legal text, and a neutral phrase where one is missing', () => {
    const text = 'a {{leadFeeName}} of {{leadFee}} is payable';
    expect(fillPlaceholders(text, { leadFeeName: 'lead fee', leadFee: '$1,000 plus GST' }, 'the fee')).toBe(
      'a lead fee of $1,000 plus GST is payable',
    );
    expect(fillPlaceholders(text, { leadFeeName: 'lead fee' }, 'the fee set by Listwise')).toBe(
      'a lead fee of the fee set by Listwise is payable',
    );
  });
});
