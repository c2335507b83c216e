import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents, formatDateInZone } from '@listwise/domain/format';
import { formatAbn } from '@listwise/domain/tax-invoice';
import { invoiceNumberOf, type TaxInvoiceRow } from './tax-invoices.service.ts';

/**
 * A tax invoice as a PDF (agents' bookkeepers ask for a file, not a printed web page). One A4 page
 * with what the invoice page and e-mail show: 'Tax invoice', the supplier and its ABN, number and date (in Sydney,
 * as the e-mail), the buyer agency with its ABN, the line, the GST and the total. Built with pdf-lib's standard
 * Helvetica, so nothing is embedded or read from disk; the same invoice always gives the same bytes (its dates are
 * the issue date, not the moment of download).
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.06, 0.09, 0.16);
const SOFT = rgb(0.28, 0.33, 0.41);
const BRAND = rgb(0.05, 0.29, 0.35);
const RULE = rgb(0.89, 0.91, 0.94);

/**
 * Text the standard fonts can draw: they cover Windows-1252 (Latin letters with accents, curly quotes, the dash),
 * so anything else in a name (another script, an emoji) prints as '?' rather than failing the download.
 */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/\s+/g, ' ')].map((char) => (supported.has(char.codePointAt(0)!) ? char : '?')).join('');
}

/** Splits text into lines no wider than `width` at `size`, breaking between words (or inside a word too long for a line). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws text downwards from `y` (its top), wrapped to `width`; answers the y below it. */
function paragraph(
  page: PDFPage,
  font: PDFFont,
  text: string,
  options: { x: number; y: number; size: number; width: number; color?: ReturnType<typeof rgb>; align?: 'left' | 'right' },
): number {
  const leading = options.size * 1.35;
  let y = options.y;
  for (const line of wrap(font, drawable(font, text), options.size, options.width)) {
    y -= leading;
    const x = options.align === 'right' ? options.x + options.width - font.widthOfTextAtSize(line, options.size) : options.x;
    page.drawText(line, { x, y: y + (leading - options.size), size: options.size, font, color: options.color ?? INK });
  }
  return y;
}

export async function renderTaxInvoicePdf(invoice: TaxInvoiceRow): Promise<Uint8Array> {
  const number = invoiceNumberOf(invoice);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tax invoice ${number}`);
  pdf.setAuthor(invoice.supplierName);
  pdf.setCreator('Listwise');
  pdf.setProducer('Listwise');
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  const half = width / 2 - 12;
  const right = MARGIN + width / 2 + 12;

  // Supplier on the left, what the document is on the right.
  let left = paragraph(page, bold, 'Listwise', { x: MARGIN, y: A4.height - MARGIN, size: 22, width: half, color: BRAND });
  left = paragraph(page, regular, invoice.supplierName, { x: MARGIN, y: left - 6, size: 11, width: half });
  left = paragraph(page, regular, `ABN ${formatAbn(invoice.supplierAbn)}`, { x: MARGIN, y: left, size: 11, width: half });
  let side = paragraph(page, bold, 'Tax invoice', { x: right, y: A4.height - MARGIN, size: 22, width: half, align: 'right' });
  side = paragraph(page, regular, `Invoice number ${number}`, { x: right, y: side - 6, size: 11, width: half, align: 'right' });
  side = paragraph(page, regular, `Date ${formatDateInZone(invoice.issuedAt)}`, {
    x: right,
    y: side,
    size: 11,
    width: half,
    align: 'right',
  });

  // The buyer: the agency and its ABN when the agent gave them (a tax invoice of $1,000 or more names the buyer).
  let y = Math.min(left, side) - 32;
  y = paragraph(page, bold, 'BILLED TO', { x: MARGIN, y, size: 9, width, color: SOFT });
  const buyer = [
    invoice.customerAgencyName,
    invoice.customerAgencyAbn && `ABN ${formatAbn(invoice.customerAgencyAbn)}`,
    invoice.customerName,
    invoice.customerEmail,
  ].filter((line): line is string => !!line);
  buyer.forEach((line, index) => {
    y = paragraph(page, index === 0 ? bold : regular, line, { x: MARGIN, y: y - (index === 0 ? 4 : 0), size: 11, width });
  });

  // The line, the GST and the total, each ruled off as on the invoice page.
  y -= 28;
  const amountWidth = 120;
  const rows: [string, number, boolean][] = [
    [invoice.description, invoice.amountExcludingGstCents, false],
    ['GST (10%)', invoice.gstCents, false],
    ['Total paid (including GST)', invoice.totalCents, true],
  ];
  for (const [label, cents, isTotal] of rows) {
    const font = isTotal ? bold : regular;
    const top = y - 8;
    const below = paragraph(page, font, label, { x: MARGIN, y: top, size: 11, width: width - amountWidth - 16 });
    paragraph(page, font, formatCents(cents), {
      x: MARGIN + width - amountWidth,
      y: top,
      size: 11,
      width: amountWidth,
      align: 'right',
    });
    y = below - 8;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.75, color: RULE });
  }
  paragraph(page, regular, 'Paid by card. Amounts in Australian dollars.', { x: MARGIN, y: y - 16, size: 9, width, color: SOFT });

  return pdf.save();
}
