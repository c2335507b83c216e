/**
 * The tax invoice page names the day the invoice was issued in Sydney, as its e-mail and PDF do (issue 23): an
 * agent reading it on a device set to another zone must not see the day before.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxInvoice } from '@/features/agent-settings/api/billing';
import { TaxInvoiceDocument } from './tax-invoice-document';

const invoice: TaxInvoice = {
  id: 'inv1',
  number: 'LW-000042',
  // 31 Mar 2026 14:30 UTC is 1:30 am on 1 Apr in Sydney (AEDT, UTC+11): the day differs from UTC and from Perth.
  issuedAt: '2026-03-31T14:30:00.000Z',
  supplierName: 'Listwise Pty Ltd',
  supplierAbn: '51824753556',
  customerName: 'Sam Agent',
  customerEmail: 'sam@example.com',
  customerAgencyName: null,
  customerAgencyAbn: null,
  description: 'Lead fee',
  amountExcludingGst: 1000,
  gst: 100,
  total: 1100,
};

describe('the tax invoice page', () => {
  // The device's zone, set for this file's process only (a fork), and put back after.
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Australia/Perth';
  });
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  it('dates the invoice by the Sydney calendar, whatever the device zone', () => {
    expect(new Date(invoice.issuedAt).getDate(), 'the device really is west of Sydney').toBe(31);
    const html = renderToStaticMarkup(<TaxInvoiceDocument invoice={invoice} />);
    expect(html).toContain('1 Apr 2026');
    expect(html).not.toContain('31 Mar 2026');
  });
});
