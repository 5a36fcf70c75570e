import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GalleryImage } from '../../../../common/contracts/content';
import { i18n } from '../../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../../test/fake-api';
import { jsonResponse, renderApp } from '../../../test/render-app';

let fake: FakeApi;
let images: GalleryImage[];

const galleryImage = (
  id: number,
  product: string | null,
  format: GalleryImage['format'],
  alt: string,
): GalleryImage => ({
  id,
  product,
  format,
  width: 1080,
  height: format === 'story' ? 1920 : 1080,
  url: `/api/media/${id}-full.webp`,
  thumb_url: `/api/media/${id}-full.webp?w=480`,
  alt,
  tags: [],
});

const SAMPLE: GalleryImage[] = [
  galleryImage(11, 'acv', 'square', 'ACV gummies on a kitchen counter'),
  galleryImage(12, 'sleep', 'square', 'Dreamy Sleep by a bedside lamp'),
  galleryImage(13, 'acv', 'story', 'ACV jar in morning light'),
  galleryImage(14, null, 'square', 'Sunbite sun over a picnic'),
  galleryImage(15, 'matcha', 'story', 'Matcha Mind on a desk'),
];

const tiles = () => screen.queryAllByTestId('gallery-tile').map((tile) => Number(tile.dataset.id));
const chip = (name: RegExp) =>
  within(screen.getByTestId('gallery-product-filter')).getByRole('button', { name });

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  images = SAMPLE;
  fake.on('GET /api/gallery', () => jsonResponse(200, { data: images }));
});

describe('/account/grab_n_go', () => {
  it('shows every image in its own shape, lazily loaded, with a count and a download of the full file', async () => {
    renderApp('/account/grab_n_go');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grab and Go' })).toBeInTheDocument();
    await screen.findAllByTestId('gallery-tile');
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('5 images');
    // Square posts first, then stories, each in staff order.
    expect(tiles()).toEqual([11, 12, 14, 13, 15]);
    expect(within(screen.getByTestId('gallery-section-story')).getByRole('heading')).toHaveTextContent(
      'Stories',
    );

    const open = screen.getByRole('button', { name: 'View larger: ACV jar in morning light' });
    const thumb = open.querySelector('img')!;
    expect(thumb).toHaveAttribute('src', '/api/media/13-full.webp?w=480');
    expect(thumb).toHaveAttribute('loading', 'lazy');
    expect(thumb).toHaveAttribute('width', '1080');
    expect(thumb).toHaveAttribute('height', '1920');
    expect(thumb.style.aspectRatio).toBe('1080 / 1920');

    const download = screen.getByRole('link', { name: 'Download as WebP: Sunbite sun over a picnic' });
    expect(download).toHaveAttribute('href', '/api/media/14-full.webp');
    expect(download).toHaveAttribute('download', 'sunbite-brand-square-14.webp');
    // The same image as a JPEG, converted by the server.
    const jpeg = screen.getByRole('link', { name: 'Download as JPEG: Sunbite sun over a picnic' });
    expect(jpeg).toHaveAttribute('href', '/api/media/14-full.webp?format=jpeg');
    expect(jpeg).toHaveAttribute('download', 'sunbite-brand-square-14.jpg');
    expect(jpeg).toHaveTextContent('JPEG');
    expect(fake.calls()).toContain('GET /api/gallery');
    expect(document.title).toMatch(/^Grab and Go/);
  });

  it('filters by product (chips named from the catalog, for the products present) and by format', async () => {
    const { user, router } = renderApp('/account/grab_n_go');
    await screen.findAllByTestId('gallery-tile');
    const names = within(screen.getByTestId('gallery-product-filter'))
      .getAllByRole('button')
      .map((button) => button.firstChild?.textContent);
    expect(names).toEqual(['All', 'ACV', 'Dreamy Sleep', 'Matcha Mind', 'Sunbite brand']);
    expect(chip(/^All/)).toHaveAttribute('aria-pressed', 'true');

    // A filter is a navigation (the URL holds it): the list follows once it settles.
    await user.click(chip(/^ACV/));
    await waitFor(() => expect(tiles()).toEqual([11, 13]));
    expect(chip(/^ACV/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('2 of 5 images');
    expect(router.state.location.search).toBe('?product=acv');

    await user.click(screen.getByRole('button', { name: 'Story' }));
    await waitFor(() => expect(tiles()).toEqual([13]));
    expect(router.state.location.search).toBe('?product=acv&format=story');
    expect(screen.queryByTestId('gallery-section-square')).not.toBeInTheDocument();

    await user.click(chip(/^Dreamy Sleep/));
    await waitFor(() => expect(tiles()).toEqual([]));
    expect(screen.getByTestId('gallery-no-match')).toHaveTextContent('No images match these filters');
    await user.click(screen.getByRole('button', { name: 'Show all images' }));
    await waitFor(() => expect(tiles()).toEqual([11, 12, 14, 13, 15]));
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('5 images');
  });

  it('reads the filters from the address', async () => {
    renderApp('/account/grab_n_go?product=brand&format=square');
    await screen.findAllByTestId('gallery-tile');
    expect(tiles()).toEqual([14]);
    expect(chip(/^Sunbite brand/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the lightbox on the chosen image among those shown, and gives focus back to it on Escape', async () => {
    const { user } = renderApp('/account/grab_n_go?product=acv');
    const open = await screen.findByRole('button', { name: 'View larger: ACV jar in morning light' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(within(dialog).getByTestId('lightbox-counter')).toHaveTextContent('2 / 2');
    expect(within(dialog).getByRole('img', { name: 'ACV jar in morning light' })).toHaveAttribute(
      'src',
      '/api/media/13-full.webp',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    // Both downloads of the image shown: the WebP as stored and its JPEG.
    expect(within(dialog).getByTestId('lightbox-download')).toHaveAttribute(
      'href',
      '/api/media/13-full.webp',
    );
    const jpeg = within(dialog).getByRole('link', { name: 'Download as JPEG' });
    expect(jpeg).toHaveAttribute('href', '/api/media/13-full.webp?format=jpeg');
    expect(jpeg).toHaveAttribute('download', 'sunbite-acv-story-13.jpg');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('lightbox-counter')).toHaveTextContent('1 / 2');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows skeletons while loading, then the empty state when there is nothing yet', async () => {
    let answer: (response: Response) => void = () => undefined;
    fake.on('GET /api/gallery', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/account/grab_n_go');
    expect(await screen.findByTestId('gallery-loading')).toBeInTheDocument();
    answer(jsonResponse(200, { data: [] }));
    expect(await screen.findByTestId('gallery-empty')).toHaveTextContent('No images yet');
    expect(screen.queryByTestId('gallery-loading')).not.toBeInTheDocument();
  });

  it('asks for the texts in the reader’s language and shows the page in French', async () => {
    await i18n.changeLanguage('fr');
    const locales: (string | null)[] = [];
    fake.on('GET /api/gallery', ({ url }) => {
      locales.push(url.searchParams.get('locale'));
      return jsonResponse(200, { data: images });
    });
    renderApp('/account/grab_n_go');
    await screen.findAllByTestId('gallery-tile');
    expect(locales).toEqual(['fr']);
    expect(screen.getByTestId('gallery-count')).toHaveTextContent('5 images');
    expect(chip(/^Tout/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Publications carrées' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Agrandir\u00a0: ACV jar in morning light' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Télécharger en JPEG\u00A0: ACV jar in morning light' }),
    ).toHaveAttribute('href', '/api/media/13-full.webp?format=jpeg');
    expect(
      screen.getByRole('link', { name: 'Télécharger en WebP\u00A0: ACV jar in morning light' }),
    ).toHaveAttribute('href', '/api/media/13-full.webp');
  });
});
