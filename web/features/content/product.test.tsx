import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductSummary } from '../../../common/contracts/content';
import { PRODUCT_CODES } from '../../../common/products';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;

const SUMMARIES: ProductSummary[] = PRODUCT_CODES.map((code) => ({
  code,
  name: `${code.toUpperCase()} Gummies`,
  image_url: `/api/media/${code}.webp`,
}));

const ACV: ProductDetail = {
  code: 'acv',
  name: 'ACV Gummies',
  image_url: '/api/media/acv.webp',
  subtitle: 'Apple cider vinegar in a chewy gummy.',
  benefits: [
    { text: 'Apple cider vinegar supports healthy digestion', ingredient: 'Apple cider vinegar' },
    { text: 'Vitamin B12 supports normal energy metabolism', ingredient: 'Vitamin B12' },
    { text: 'Folate supports normal cell division', ingredient: 'Folate' },
  ],
  caption_ideas: [
    'Swap the vinegar shot for two gummies',
    'Your morning routine in 15 seconds',
    'A farmers market backdrop',
  ],
  captions: [
    '#Ad #SunbitePartner I gave up on vinegar shots. Code MAYA15 saves you some at checkout.',
    'Two gummies, done #Ad #SunbitePartner Try them with my code MAYA15',
    '#Ad #SunbitePartner The only ACV I take every day. Grab yours with code MAYA15',
  ],
  required_hashtags: ['#SunbitePartner', '#Ad'],
  popular_hashtags: ['#ACVGummies', '#AppleCiderVinegar', '#MorningRoutine', '#GutHealth', '#Sunbite'],
  kit_url: '/api/products/acv/kit',
  promo_code: 'MAYA15',
  updated_at: '2026-03-01T10:00:00.000Z',
};

const ACV_FR: ProductDetail = {
  ...ACV,
  name: 'Vinaigre de cidre',
  subtitle: 'Le vinaigre de cidre en jujube.',
  captions: [
    '#Ad #SunbitePartner Fini les shots de vinaigre. Le code MAYA15 vous fait économiser.',
    ...ACV.captions.slice(1),
  ],
};

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  fake.on('GET /api/products', () => jsonResponse(200, { data: SUMMARIES }));
  fake.on('GET /api/products/acv', ({ url }) =>
    jsonResponse(200, { data: url.searchParams.get('locale') === 'fr' ? ACV_FR : ACV }),
  );
});

describe('/account/products/{code}', () => {
  it('shows one button per product, the current one marked, then the talking points', async () => {
    renderApp('/account/products/acv');
    expect(await screen.findByRole('heading', { level: 1, name: 'ACV Gummies' })).toBeInTheDocument();
    const picker = screen.getByRole('navigation', { name: 'Products' });
    const links = within(picker).getAllByRole('link');
    expect(links).toHaveLength(16);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      PRODUCT_CODES.map((code) => `/account/products/${code}`),
    );
    expect(within(picker).getByRole('link', { current: 'page' })).toHaveAttribute(
      'href',
      '/account/products/acv',
    );
    // The API's names replace the catalog's once they arrive.
    expect(await within(picker).findByRole('link', { name: 'SLEEP Gummies' })).toBeInTheDocument();

    expect(await screen.findByTestId('product-subtitle')).toHaveTextContent(
      'Apple cider vinegar in a chewy gummy.',
    );
    expect(screen.getByTestId('product-artwork')).toHaveAttribute('src', '/api/media/acv.webp?w=480');
    expect(screen.getByTestId('product-artwork')).toHaveAttribute('alt', 'ACV Gummies: the pack');
    const benefits = screen.getAllByTestId('benefit');
    expect(benefits).toHaveLength(3);
    expect(benefits[1]).toHaveTextContent('Vitamin B12 supports normal energy metabolism');
    expect(benefits[1]).toHaveTextContent('Ingredient: Vitamin B12');
    expect(screen.getByRole('heading', { level: 2, name: 'Caption ideas' })).toBeInTheDocument();
    expect(screen.getByText('Your morning routine in 15 seconds')).toBeInTheDocument();
    expect(screen.getByTestId('product-code')).toHaveTextContent('MAYA15');
    // The product's page asks in the interface's language.
    expect(fake.fetch).toHaveBeenCalledWith('/api/products/acv?locale=en', expect.anything());
  });

  it("shows each caption with the partner's code marked and copies it with a toast", async () => {
    const { user } = renderApp('/account/products/acv');
    const captions = await screen.findAllByTestId('caption');
    expect(captions).toHaveLength(3);
    for (const caption of captions)
      expect(within(caption).getByTestId('caption-code')).toHaveTextContent('MAYA15');

    await user.click(screen.getByRole('button', { name: 'Copy caption 2' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(ACV.captions[1]);
  });

  it('copies the required and the popular hashtags each as one set', async () => {
    const { user } = renderApp('/account/products/acv');
    const required = await screen.findByTestId('required-hashtags');
    expect(
      within(required)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#SunbitePartner', '#Ad']);
    await user.click(screen.getByRole('button', { name: 'Copy the required hashtags' }));
    expect(await navigator.clipboard.readText()).toBe('#SunbitePartner #Ad');
    await user.click(screen.getByRole('button', { name: 'Copy the popular hashtags' }));
    expect(await navigator.clipboard.readText()).toBe(ACV.popular_hashtags.join(' '));
  });

  it("downloads the kit with the partner's bearer and saves it under the server's name", async () => {
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:http://localhost/kit';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    fake.on(
      'GET /api/products/acv/kit',
      () =>
        new Response(new Blob(['PK']), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="sunbite-acv-kit.zip"',
          },
        }),
    );
    try {
      const { user } = renderApp('/account/products/acv');
      await user.click(await screen.findByRole('button', { name: 'Download the kit' }));
      await waitFor(() => expect(saved).toEqual(['sunbite-acv-kit.zip']));
      const headers = new Headers(fake.lastInit('GET /api/products/acv/kit')?.headers);
      expect(headers.get('Authorization')).toBe('Bearer partner-token');
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('downloads the kit with JPEG images from its own button', async () => {
    const saved: string[] = [];
    const formats: (string | null)[] = [];
    URL.createObjectURL = () => 'blob:http://localhost/kit';
    URL.revokeObjectURL = () => undefined;
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    fake.on('GET /api/products/acv/kit', ({ url }) => {
      formats.push(url.searchParams.get('format'));
      return new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Type': 'application/zip' } });
    });
    try {
      const { user } = renderApp('/account/products/acv');
      const jpeg = await screen.findByRole('button', { name: 'Kit with JPEG images' });
      expect(document.getElementById('kit-contents')).toHaveTextContent('JPEG opens in every app');
      await user.click(jpeg);
      await waitFor(() => expect(saved).toEqual(['sunbite-acv-kit-jpeg.zip']));
      await user.click(screen.getByRole('button', { name: 'Download the kit' }));
      await waitFor(() => expect(saved).toEqual(['sunbite-acv-kit-jpeg.zip', 'sunbite-acv-kit.zip']));
      expect(formats).toEqual(['jpeg', null]);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('names both kit downloads in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/products/acv');
    expect(await screen.findByRole('button', { name: 'Trousse avec images JPEG' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Télécharger la trousse' })).toBeEnabled();
    expect(document.getElementById('kit-contents')).toHaveTextContent(
      'le JPEG s’ouvre dans toutes les applications',
    );
  });

  it('moves to another product from its button', async () => {
    fake.on('GET /api/products/sleep', () =>
      jsonResponse(200, { data: { ...ACV, code: 'sleep', name: 'Dreamy Sleep', subtitle: 'Wind down.' } }),
    );
    const { user, router } = renderApp('/account/products/acv');
    await screen.findByTestId('product-subtitle');
    const picker = screen.getByRole('navigation', { name: 'Products' });
    await user.click(within(picker).getByRole('link', { name: 'SLEEP Gummies' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/products/sleep'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dreamy Sleep' })).toBeInTheDocument();
    expect(await screen.findByTestId('product-subtitle')).toHaveTextContent('Wind down.');
    expect(within(picker).getByRole('link', { current: 'page' })).toHaveAttribute(
      'href',
      '/account/products/sleep',
    );
  });

  it('says so and offers to try again when the talking points cannot be loaded', async () => {
    let fail = true;
    fake.on('GET /api/products/acv', () =>
      fail
        ? jsonResponse(500, { code: 500, message: 'Internal error', id: 'e1' })
        : jsonResponse(200, { data: ACV }),
    );
    const { user } = renderApp('/account/products/acv');
    expect(await screen.findByTestId('load-failed')).toHaveTextContent(
      'The talking points of this product could not be loaded.',
    );
    fail = false;
    // The data-error alert of docs/product/errors-and-languages.md#how-the-portal-shows-errors comes first; close it, then try again.
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Internal error');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-subtitle')).toBeInTheDocument();
  });

  it('speaks French: the page, its buttons and the talking points in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/products/acv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vinaigre de cidre' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Produits' })).toBeInTheDocument();
    expect(await screen.findByTestId('product-subtitle')).toHaveTextContent(
      'Le vinaigre de cidre en jujube.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Légendes prêtes à publier' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copier la légende 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger la trousse' })).toBeInTheDocument();
    expect(fake.fetch).toHaveBeenCalledWith('/api/products/acv?locale=fr', expect.anything());
  });
});
