// Connected accounts in the browser: settings show each configured provider as connected,
// to reconnect or not connected (no button for one not set up); the connect page posts the
// provider's code and state once; the dashboard's top posts in each state.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { Integrations, TopPosts } from './integrations-api';

let fake: FakeApi;

const ACCOUNT = {
  id: '17841400000000001',
  username: 'maya.sunbite',
  name: 'Maya R.',
  picture_url: null,
  connected_at: '2026-11-20T10:00:00.000Z',
};

function withIntegrations(data: Integrations) {
  fake.on('GET /api/integrations', () => jsonResponse(200, { data }));
}

const posts = (n: number): TopPosts['posts'] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    caption: `Post ${i} with MAYA15 #SunbitePartner`,
    media_type: i === 0 ? 'VIDEO' : 'IMAGE',
    thumbnail_url: i === 1 ? null : `/api/integrations/media/${String(i).repeat(32)}.webp`,
    permalink: `https://www.instagram.com/p/p${i}/`,
    timestamp: '2026-11-10T10:00:00.000Z',
    like_count: 1200 - i * 100,
    comments_count: i === 2 ? 1 : 40,
  }));

beforeEach(() => {
  signInForTest();
  fake = installFakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('settings: connected accounts', () => {
  it('shows a connected Instagram with its account and a disconnect that works, and Facebook to connect', async () => {
    const state: Integrations = {
      instagram: { configured: true, status: 'connected', account: ACCOUNT },
      facebook: { configured: true, status: 'not_connected', account: null },
    };
    fake.on('GET /api/integrations', () => jsonResponse(200, { data: state }));
    fake.on('DELETE /api/integrations/instagram', () => {
      state.instagram = { configured: true, status: 'not_connected', account: null };
      return jsonResponse(200, { data: state.instagram });
    });
    renderApp('/account/profile');
    const instagram = await screen.findByTestId('integration-instagram');
    expect(within(instagram).getByTestId('integration-instagram-account')).toHaveTextContent(
      'Connected as @maya.sunbite',
    );
    const facebook = screen.getByTestId('integration-facebook');
    expect(within(facebook).getByRole('button', { name: 'Connect Facebook' })).toBeInTheDocument();
    await userEvent.click(within(instagram).getByRole('button', { name: 'Disconnect Instagram' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('integration-instagram')).getByRole('button', {
          name: 'Connect Instagram',
        }),
      ).toBeInTheDocument(),
    );
    expect(fake.calls()).toContain('DELETE /api/integrations/instagram');
  });

  it('asks to reconnect when the provider refused the token', async () => {
    withIntegrations({
      instagram: { configured: true, status: 'reconnect', account: ACCOUNT },
      facebook: { configured: false, status: 'not_connected', account: null },
    });
    renderApp('/account/profile');
    expect(await screen.findByTestId('integration-instagram-reconnect')).toHaveTextContent(
      'Instagram no longer accepts the connection',
    );
    expect(screen.getByRole('button', { name: 'Reconnect Instagram' })).toBeInTheDocument();
    // Facebook is not set up for this program: no row, no button.
    expect(screen.queryByTestId('integration-facebook')).not.toBeInTheDocument();
  });

  it('starts a connection by going to the provider’s consent page', async () => {
    withIntegrations({
      instagram: { configured: true, status: 'not_connected', account: null },
      facebook: { configured: false, status: 'not_connected', account: null },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fake.on('POST /api/integrations/instagram/start', () =>
      jsonResponse(200, { data: { url: 'https://www.instagram.com/oauth/authorize?state=s1' } }),
    );
    renderApp('/account/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Instagram' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://www.instagram.com/oauth/authorize?state=s1'),
    );
  });

  it('says so when no provider is set up', async () => {
    renderApp('/account/profile');
    expect(await screen.findByTestId('integrations-unavailable')).toHaveTextContent(
      'not available in this program',
    );
  });
});

describe('the connect page', () => {
  it('posts the code and state once and goes to the settings', async () => {
    withIntegrations({
      instagram: { configured: true, status: 'not_connected', account: null },
      facebook: { configured: false, status: 'not_connected', account: null },
    });
    fake.on('POST /api/integrations/instagram/connect', () =>
      jsonResponse(200, { data: { configured: true, status: 'connected', account: ACCOUNT } }),
    );
    sessionStorage.setItem('portal.flow.connect-instagram', 'N'.repeat(43));
    renderApp('/account/connect/instagram?code=abc&state=state-1');
    expect(await screen.findByTestId('integrations')).toBeInTheDocument();
    expect(fake.calls().filter((c) => c === 'POST /api/integrations/instagram/connect')).toHaveLength(1);
    // With the nonce this tab kept when it started (web/lib/flow-binding.ts), taken once.
    expect(fake.lastBody('POST /api/integrations/instagram/connect')).toEqual({
      code: 'abc',
      state: 'state-1',
      binding: 'N'.repeat(43),
    });
    expect(sessionStorage.getItem('portal.flow.connect-instagram')).toBeNull();
  });

  it('shows the server’s message when the connection fails, with a way to try again', async () => {
    withIntegrations({
      instagram: { configured: true, status: 'not_connected', account: null },
      facebook: { configured: false, status: 'not_connected', account: null },
    });
    fake.on('POST /api/integrations/instagram/connect', () =>
      jsonResponse(400, {
        code: 400,
        message:
          'This connection was started in another browser, has expired or was already used. Please connect again from this browser.',
      }),
    );
    renderApp('/account/connect/instagram?code=abc&state=state-2');
    expect(await screen.findByTestId('connect-failed')).toHaveTextContent(
      'This connection was started in another browser, has expired or was already used.',
    );
    expect(await screen.findByRole('button', { name: 'Connect Instagram' })).toBeInTheDocument();
  });

  it('says the partner cancelled, and posts nothing', async () => {
    renderApp('/account/connect/facebook?error=access_denied&error_reason=user_denied&state=s');
    expect(await screen.findByTestId('connect-failed')).toHaveTextContent(
      'The connection was cancelled on Facebook.',
    );
    expect(fake.calls()).not.toContain('POST /api/integrations/facebook/connect');
  });
});

describe('the dashboard’s top posts', () => {
  const topPosts = (data: Partial<TopPosts>) =>
    fake.on('GET /api/integrations/instagram/top-posts', () =>
      jsonResponse(200, {
        data: {
          configured: true,
          status: 'connected',
          username: 'maya.sunbite',
          synced_at: '2026-11-25T10:00:00.000Z',
          posts: [],
          ...data,
        },
      }),
    );

  it('ranks the posts with their picture, likes, comments and a link to each', async () => {
    topPosts({ posts: posts(3) });
    renderApp('/account');
    const tiles = await screen.findAllByTestId('top-post');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0]!).getByRole('link')).toHaveAttribute('href', 'https://www.instagram.com/p/p0/');
    expect(within(tiles[0]!).getByRole('link')).toHaveAttribute('target', '_blank');
    expect(tiles[0]).toHaveTextContent('#1');
    expect(tiles[0]).toHaveTextContent('Video');
    expect(tiles[0]).toHaveTextContent('1,200 likes');
    expect(tiles[2]).toHaveTextContent('1 comment');
    expect(tiles[0]!.querySelector('img')).toHaveAttribute(
      'src',
      `/api/integrations/media/${'0'.repeat(32)}.webp`,
    );
    // A post whose picture is not kept yet still shows, without an image.
    expect(tiles[1]!.querySelector('img')).toBeNull();
    expect(screen.getByTestId('top-posts-account')).toHaveTextContent('@maya.sunbite on Instagram');
  });

  it('cuts a long caption to three lines with “more”, a toggle that opens and closes it', async () => {
    const long = `Morning ritual with MAYA15 #SunbitePartner. ${'Tangy, chewy and gone in a minute. '.repeat(4)}`;
    const [first, second] = posts(2);
    topPosts({ posts: [{ ...first!, caption: long }, second!] });
    const { user } = renderApp('/account');
    const tiles = await screen.findAllByTestId('top-post');
    const caption = within(tiles[0]!).getByTestId('top-post-caption');
    expect(caption).toHaveClass('line-clamp-3');
    // The whole caption stays in the link's name, for a screen reader.
    expect(within(tiles[0]!).getByRole('link')).toContainElement(caption);
    expect(caption).toHaveTextContent(long.trim());
    const more = within(tiles[0]!).getByRole('button', { name: 'more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', caption.id);
    await user.click(more);
    expect(caption).not.toHaveClass('line-clamp-3');
    const less = within(tiles[0]!).getByRole('button', { name: 'less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(less).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(caption).toHaveClass('line-clamp-3');
    expect(within(tiles[0]!).getByRole('button', { name: 'more' })).toHaveAttribute('aria-expanded', 'false');
    // A short caption has nothing to open.
    expect(within(tiles[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says “Likes hidden” for a post whose owner hid the count, never “0 likes”; in French too', async () => {
    const [first, second] = posts(2);
    topPosts({
      posts: [
        { ...first!, like_count: null },
        { ...second!, like_count: 0 },
      ],
    });
    const { unmount } = renderApp('/account');
    const tiles = await screen.findAllByTestId('top-post');
    expect(within(tiles[0]!).getByTestId('top-post-likes')).toHaveTextContent(/^Likes hidden$/);
    expect(tiles[0]).not.toHaveTextContent(/\d+ likes?/);
    expect(tiles[0]).toHaveTextContent('40 comments');
    // A real zero is a count.
    expect(within(tiles[1]!).getByTestId('top-post-likes')).toHaveTextContent(/^0 likes$/);
    unmount();

    await i18n.changeLanguage('fr');
    renderApp('/account');
    const fr = await screen.findAllByTestId('top-post');
    expect(within(fr[0]!).getByTestId('top-post-likes')).toHaveTextContent(/^Mentions J’aime masquées$/);
  });

  it('invites to connect Instagram when it is not connected', async () => {
    topPosts({ status: 'not_connected', username: null });
    renderApp('/account');
    expect(await screen.findByTestId('top-posts-not-connected')).toHaveTextContent(
      'Connect Instagram to see which of your posts',
    );
    expect(screen.getByTestId('top-posts-connect')).toHaveTextContent('Connect Instagram');
  });

  it('asks to reconnect and keeps the last posts when Instagram refused the token', async () => {
    topPosts({ status: 'reconnect', posts: posts(1) });
    renderApp('/account');
    expect(await screen.findByTestId('top-posts-reconnect')).toHaveTextContent('Reconnect Instagram');
    expect(screen.getAllByTestId('top-post')).toHaveLength(1);
  });

  it('says so when no post carries the code yet', async () => {
    topPosts({ posts: [] });
    renderApp('/account');
    expect(await screen.findByTestId('top-posts-none')).toHaveTextContent(
      'None of your recent posts carries your code',
    );
  });
});
