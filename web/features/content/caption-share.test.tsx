// A ready caption's Share button (ProductContentView, components/share-button.tsx): the caption
// and the partner's short link in one text, to the share sheet where the browser has one, else to
// the clipboard; the staff's preview has no Share button (components/share-button.test.tsx tests
// the button itself).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail, ProductSummary } from '../../../common/contracts/content';
import { PRODUCT_CODES } from '../../../common/products';
import { i18n } from '../../lib/i18n';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { ProductContentView } from './ProductContentView';

const SHORT = 'https://partners.sunbite.example/s/MAYA15';

const ACV: ProductDetail = {
  code: 'acv',
  name: 'ACV Gummies',
  image_url: '/api/media/acv.webp',
  subtitle: 'Apple cider vinegar in a chewy gummy.',
  benefits: [{ text: 'Apple cider vinegar supports healthy digestion', ingredient: 'Apple cider vinegar' }],
  caption_ideas: ['Swap the vinegar shot for two gummies'],
  captions: [
    '#Ad #SunbitePartner I gave up on vinegar shots. Code MAYA15 saves you some at checkout.',
    'Two gummies, done #Ad #SunbitePartner Try them with my code MAYA15',
  ],
  required_hashtags: ['#SunbitePartner', '#Ad'],
  popular_hashtags: ['#ACVGummies'],
  kit_url: '/api/products/acv/kit',
  promo_code: 'MAYA15',
  updated_at: '2026-03-01T10:00:00.000Z',
};

let fake: FakeApi;

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi({ user: samplePartner({ short_url: SHORT }) });
  fake.on('GET /api/products', () =>
    jsonResponse(200, {
      data: PRODUCT_CODES.map((code): ProductSummary => ({
        code,
        name: code,
        image_url: `/api/media/${code}.webp`,
      })),
    }),
  );
  fake.on('GET /api/products/acv', () => jsonResponse(200, { data: ACV }));
});

afterEach(() => {
  delete (navigator as Partial<Navigator>).share;
});

describe('sharing a ready caption', () => {
  it('hands the share sheet the caption and the short link in one text', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    const { user } = renderApp('/account/products/acv');
    const button = await screen.findByRole('button', { name: 'Share caption 2 with your short link' });
    // Until the profile has the short link, there is nothing whole to share.
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(share).toHaveBeenCalledWith({ text: `${ACV.captions[1]}\n\n${SHORT}` });
  });

  it('copies the caption and the short link where the browser has no share sheet, in French too', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderApp('/account/products/acv');
    const button = await screen.findByRole('button', { name: 'Partager la légende 1 avec votre lien court' });
    expect(button).toHaveTextContent('Partager');
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Copié dans le presse-papiers')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${ACV.captions[0]}\n\n${SHORT}`);
  });

  it('has no Share button in the staff’s preview', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={i18n}>
          <ProductContentView detail={ACV} preview />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const [caption] = screen.getAllByTestId('caption');
    expect(within(caption!).getByRole('button', { name: 'Copy caption 1' })).toBeInTheDocument();
    expect(screen.queryByTestId('share-caption-1')).not.toBeInTheDocument();
  });
});
