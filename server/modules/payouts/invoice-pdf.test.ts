import { describe, expect, it } from 'vitest';
import { BRAND } from '../../../common/brand';
import { pdfInfo, pdfPages, pdfText } from '../../test/pdf-text';
import { renderInvoicePdf, winAnsiText } from './invoice-pdf';
import type { InvoiceDocument, InvoiceLine } from './invoice-pdf';

const program = {
  name: BRAND.programName,
  legalName: BRAND.legalName,
  addressLines: [...BRAND.address],
  email: BRAND.supportEmail,
};

const earnings: InvoiceLine[] = [
  {
    kind: 'sale',
    orderNumber: '#100201',
    date: '2026-01-04T15:00:00Z',
    product: 'Protéine végétale, saveur crème brûlée',
    amountCents: 123456,
  },
  {
    kind: 'referral',
    orderNumber: '#100202',
    date: '2026-01-05T15:00:00Z',
    product: 'Omega-3 Fish Oil',
    amountCents: 1308,
  },
  {
    kind: 'marketplace',
    orderNumber: null,
    date: '2026-01-06T15:00:00Z',
    product: 'Vitamin D3 + K2 drops',
    amountCents: 1345,
  },
  { kind: 'bonus', orderNumber: null, date: '2026-01-31T15:00:00Z', product: null, amountCents: 5000 },
];
const adjustments: InvoiceLine[] = [
  {
    kind: 'adjustment',
    orderNumber: '#100031',
    date: '2026-02-20T10:00:00Z',
    product: 'Omega-3 Fish Oil',
    amountCents: -850,
  },
  {
    kind: 'adjustment',
    orderNumber: '#100044',
    date: '2026-02-24T10:00:00Z',
    product: 'Vitamin D3 + K2 drops',
    amountCents: -1299,
  },
];

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  // An adjustment first: the invoice lists it after the earnings whatever the order it is given in.
  const lines = overrides.lines ?? [adjustments[0]!, ...earnings, adjustments[1]!];
  return {
    locale: 'en',
    number: 'INV-2026-000012',
    issuedAt: '2026-03-01T14:00:00Z',
    currency: 'USD',
    statusLabel: 'Paid',
    paidAt: '2026-03-04T09:00:00Z',
    reference: '5UXD2E8A7EKEA',
    program,
    partner: {
      name: 'Éloïse Bérubé-François',
      email: 'eloise@example.com',
      paypalEmail: 'eloise.paypal@example.com',
      addressLines: ['4521 Rue Saint-Denis, app. 3', 'Montréal, QC H2J 2L4', 'Canada'],
    },
    totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    ...overrides,
    lines,
  };
}

describe('invoice PDF', () => {
  it('is the partner’s invoice to the program, in English, every earning and the total in it', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'Invoice',
      'Invoice number INV-2026-000012',
      'Date Mar 1, 2026',
      'Status Paid',
      'Paid on Mar 4, 2026',
      'Payment reference 5UXD2E8A7EKEA',
      'FROM',
      'Éloïse Bérubé-François',
      'PayPal: eloise.paypal@example.com',
      'BILL TO',
      'Sunbite Nutrition Inc.',
      'Montréal, QC H3G 1Z7',
      'partners@sunbite.example',
      'Order Date Product Type Amount',
      '#100201 Jan 4, 2026 Protéine végétale, saveur crème brûlée Sale commission $1,234.56',
      '#100202 Jan 5, 2026 Omega-3 Fish Oil Referral commission $13.08',
      'Marketplace Jan 6, 2026 Vitamin D3 + K2 drops Marketplace commission $13.45',
      'Bonus Jan 31, 2026 Bonus $50.00',
      'Subtotal of earnings $1,311.09',
      'Total of adjustments -$21.49',
      'Total (USD) $1,289.60',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(await pdfInfo(pdf)).toEqual({ title: 'INV-2026-000012', author: 'Sunbite Partners' });
  });

  it('speaks French to a French partner: its words, accents and money', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice({ locale: 'fr', statusLabel: 'Payé' })));
    for (const expected of [
      'Facture',
      'Numéro de facture INV-2026-000012',
      'Date 1 mars 2026',
      'Statut Payé',
      'Payée le 4 mars 2026',
      'Référence du paiement 5UXD2E8A7EKEA',
      'DE',
      'FACTURER À',
      'Éloïse Bérubé-François',
      'PayPal : eloise.paypal@example.com',
      'E-mail : eloise@example.com',
      'Commande Date Produit Type Montant',
      '#100201 4 janv. 2026 Protéine végétale, saveur crème brûlée Commission sur vente 1 234,56 $',
      '#100202 5 janv. 2026 Omega-3 Fish Oil Commission de parrainage 13,08 $',
      'Place de marché 6 janv. 2026 Vitamin D3 + K2 drops Commission place de marché 13,45 $',
      'Prime 31 janv. 2026 Prime 50,00 $',
      'Ajustements',
      '#100031 20 févr. 2026',
      'Ajustement (remboursement',
      'Sous-total des gains 1 311,09 $',
      'Total des ajustements -21,49 $',
      'Total (USD) 1 289,60 $',
      'Page 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Invoice|Sale commission|Page 1 of/);
  });

  it('closes with where the money stands: paid, to be paid, or refused and not paid (docs/product/payouts.md#invoices)', async () => {
    const said = async (overrides: Partial<InvoiceDocument>) =>
      (await pdfText(await renderInvoicePdf(invoice(overrides)))).replace(/\s+/g, ' ');
    expect(await said({})).toContain('paid to the PayPal account eloise.paypal@example.com.');
    const pending = await said({ statusLabel: 'Payment Pending', paidAt: null, settlement: 'to_be_paid' });
    expect(pending).toContain('to be paid to the PayPal account eloise.paypal@example.com once');
    expect(pending).not.toContain(', paid to the PayPal account');
    // Without a settlement, an invoice not yet paid is still to be paid.
    expect(await said({ paidAt: null })).toContain('to be paid to the PayPal account');
    const refused = await said({ statusLabel: 'Rejected', paidAt: null, settlement: 'not_paid' });
    expect(refused).toContain('refused and was not paid');
    expect(refused).not.toContain('PayPal account eloise');
    const french = await said({ locale: 'fr', paidAt: null, settlement: 'to_be_paid' });
    expect(french).toContain('qui seront versées au compte PayPal');
  });

  it('lists the adjustments after the earnings and deducts them from the total', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice()));
    const at = (s: string) => {
      expect(text).toContain(s);
      return text.indexOf(s);
    };
    const lastEarning = Math.max(...['#100201', '#100202', 'Marketplace Jan', 'Bonus Jan'].map(at));
    expect(at('\nAdjustments\n')).toBeGreaterThan(lastEarning);
    expect(at('#100031 Feb 20, 2026 Omega-3 Fish Oil Adjustment (refund after')).toBeGreaterThan(
      at('\nAdjustments\n'),
    );
    expect(at('#100044 Feb 24, 2026')).toBeGreaterThan(at('#100031'));
    expect(text).toContain('-$8.50');
    expect(text).toContain('-$12.99');
    expect(at('Subtotal of earnings')).toBeGreaterThan(at('-$12.99'));
    // 1,311.09 earned, 21.49 taken back.
    expect(text).toContain('Total (USD) $1,289.60');
  });

  it('runs a payout of 1,200 earnings over numbered pages, the header on each, the total on the last', async () => {
    const lines: InvoiceLine[] = Array.from({ length: 1200 }, (_, i) => ({
      kind: i % 3 === 0 ? 'referral' : 'sale',
      orderNumber: `#${200000 + i}`,
      date: new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString(),
      product: i % 2 ? 'Sunbite Daily Greens — 30 servings' : 'Omega-3 Fish Oil',
      amountCents: 1000 + i,
    }));
    lines.push({
      kind: 'adjustment',
      orderNumber: '#200005',
      date: '2026-02-20T10:00:00Z',
      product: 'Omega-3 Fish Oil',
      amountCents: -1005,
    });
    const pages = await pdfPages(await renderInvoicePdf(invoice({ lines })));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Order Date Product Type Amount');
      if (i > 0) expect(page).toContain('Invoice INV-2026-000012 (continued)');
    });
    const all = pages.join('\n');
    for (const line of lines) expect(all).toContain(line.orderNumber!);
    // 1,200 × 10.00 plus 0 + 1 + … + 1199 cents (7,194.00), less the adjustment.
    const last = pages.at(-1)!;
    expect(last).toContain('Subtotal of earnings $19,194.00');
    expect(last).toContain('Total of adjustments -$10.05');
    expect(last).toContain('Total (USD) $19,183.95');
    expect(pages.slice(0, -1).join('\n')).not.toContain('Total (USD)');
  });

  it('renders the same invoice to the same bytes, and an unknown language as English', async () => {
    const a = await renderInvoicePdf(invoice({ locale: 'de' }));
    const b = await renderInvoicePdf(invoice({ locale: 'de' }));
    expect(a.equals(b)).toBe(true);
    expect(await pdfText(a)).toContain('Total (USD) $1,289.60');
  });

  it('refuses a document whose lines do not add up to its total', async () => {
    await expect(renderInvoicePdf(invoice({ totalCents: 1 }))).rejects.toThrow(
      /add up to 128960 cents, not 1/,
    );
  });
});

describe('winAnsiText', () => {
  it('keeps French, makes the spaces and the minus of fr-CA numbers ones the standard fonts have', () => {
    expect(winAnsiText('Éloïse à François, crème brûlée — 5 €')).toBe(
      'Éloïse à François, crème brûlée — 5 €',
    );
    // Newer ICU writes fr-CA thousands with a narrow no-break space (U+202F), which WinAnsi lacks.
    expect(winAnsiText('\u22121\u202f234,56\u00a0$')).toBe('-1\u00a0234,56\u00a0$');
    expect(winAnsiText('Łukasz Őry 🍊\tx')).toBe('?ukasz Ory ? x');
  });

  it('agrees with what Intl writes for fr-CA money', () => {
    const text = winAnsiText(
      new Intl.NumberFormat('fr-CA', {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      }).format(-1234.56),
    );
    expect(text.replace(/\u00a0/g, ' ')).toBe('-1 234,56 $');
  });
});
