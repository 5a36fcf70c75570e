// The Share button (components/share-button.tsx): the share sheet where the browser offers one and
// accepts what is shared, else the clipboard with the copied toast; a dismissed sheet says nothing
// and copies nothing; a sheet that cannot open copies instead. In both languages.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { AppToaster } from './AppToaster';
import { ShareButton, shareData, sharedText, type Shared } from './share-button';

const CAPTION = 'Gummies that taste like summer. Use code MAYA15 for 15% off! #ad';
const LINK = 'https://partners.sunbite.example/s/MAYA15';

/** Gives the browser a share sheet (jsdom has none); `canShare` only when given. */
function offerShare(share: (data: ShareData) => Promise<void>, canShare?: (data: ShareData) => boolean) {
  const spy = vi.fn(share);
  Object.defineProperty(navigator, 'share', { value: spy, configurable: true, writable: true });
  if (canShare)
    Object.defineProperty(navigator, 'canShare', {
      value: vi.fn(canShare),
      configurable: true,
      writable: true,
    });
  return spy;
}

afterEach(() => {
  delete (navigator as Partial<Navigator>).share;
  delete (navigator as Partial<Navigator>).canShare;
});

function renderButton(data: Shared, label = 'Share caption 1 with your short link') {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <AppToaster />
      <ShareButton data={data} label={label} testId="share" />
    </I18nextProvider>,
  );
  return user;
}

describe('<ShareButton>', () => {
  it('opens the share sheet with the caption and the link in one text, and copies nothing', async () => {
    const share = offerShare(
      () => Promise.resolve(),
      () => true,
    );
    const user = renderButton({ text: CAPTION, url: LINK });
    await navigator.clipboard.writeText('before');
    await user.click(screen.getByRole('button', { name: 'Share caption 1 with your short link' }));
    expect(share).toHaveBeenCalledTimes(1);
    expect(share).toHaveBeenCalledWith({ text: `${CAPTION}\n\n${LINK}` });
    expect(navigator.canShare).toHaveBeenCalledWith({ text: `${CAPTION}\n\n${LINK}` });
    expect(await navigator.clipboard.readText()).toBe('before');
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
  });

  it('hands a link alone to the sheet as its url', async () => {
    const share = offerShare(() => Promise.resolve());
    const user = renderButton({ url: LINK }, 'Share your short link');
    await user.click(screen.getByRole('button', { name: 'Share your short link' }));
    expect(share).toHaveBeenCalledWith({ url: LINK });
  });

  it('copies the same text with the copied toast where the browser has no share sheet', async () => {
    const user = renderButton({ text: CAPTION, url: LINK });
    expect(navigator.share).toBeUndefined();
    await user.click(screen.getByTestId('share'));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${CAPTION}\n\n${LINK}`);
  });

  it('copies where the sheet refuses what is shared (canShare false), without opening it', async () => {
    const share = offerShare(
      () => Promise.resolve(),
      () => false,
    );
    const user = renderButton({ url: LINK }, 'Share your short link');
    await user.click(screen.getByTestId('share'));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(share).not.toHaveBeenCalled();
  });

  it('says nothing and copies nothing when the partner dismisses the sheet', async () => {
    const share = offerShare(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    const user = renderButton({ text: CAPTION, url: LINK });
    await navigator.clipboard.writeText('before');
    await user.click(screen.getByTestId('share'));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    // Given the time a toast would take to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('before');
  });

  it('copies instead when the sheet cannot open (NotAllowedError), in French', async () => {
    await i18n.changeLanguage('fr');
    offerShare(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    const user = renderButton({ text: CAPTION, url: LINK }, 'Partager la légende 1 avec votre lien court');
    expect(screen.getByTestId('share')).toHaveTextContent('Partager');
    await user.click(screen.getByRole('button', { name: 'Partager la légende 1 avec votre lien court' }));
    expect(await screen.findByText('Copié dans le presse-papiers')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${CAPTION}\n\n${LINK}`);
  });

  it('puts words and link in one text, a link alone as its url', () => {
    expect(sharedText({ text: CAPTION })).toBe(CAPTION);
    expect(sharedText({ url: LINK })).toBe(LINK);
    expect(shareData({ text: CAPTION, url: LINK })).toEqual({ text: `${CAPTION}\n\n${LINK}` });
    expect(shareData({ url: LINK })).toEqual({ url: LINK });
  });
});
