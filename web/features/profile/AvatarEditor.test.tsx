// The settings page's profile picture: a chosen file is checked before anything is sent (by its
// bytes and size, with the server's words), placed in a square (drag, keys, zoom), drawn and
// sent as the multipart field `picture`; the answer replaces the cached user, so the header's
// avatar changes at once. jsdom decodes no image and draws no canvas: those two steps are stood
// in for, the rest is the real page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encryptPayload } from '../../lib/payload';
import {
  installFakeApi,
  samplePartner,
  signInForTest,
  TEST_PAYLOAD_KEY,
  type FakeApi,
} from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { CURRENT_USER_QUERY_KEY, type PortalUser } from '../../lib/current-user';
import { clampCrop, cropRect, initialCrop, movePicture, outputSide, zoomTo } from './avatar-crop';
import type * as PictureFile from '../../lib/picture-file';

const pictureFile = vi.hoisted(() => ({
  open: vi.fn(),
  draw: vi.fn(),
}));
vi.mock('../../lib/picture-file', async (importOriginal) => {
  const real = await importOriginal<typeof PictureFile>();
  return { ...real, openPicture: pictureFile.open, drawSquare: pictureFile.draw };
});

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const NEW_PICTURE = '/api/media/0123456789abcdef0123456789abcdef.webp';

let fake: FakeApi;
const opened = { image: {} as CanvasImageSource, width: 1200, height: 800, release: vi.fn() };

beforeEach(() => {
  fake = installFakeApi();
  signInForTest();
  pictureFile.open.mockReset().mockResolvedValue(opened);
  pictureFile.draw.mockReset().mockResolvedValue(new Blob(['webp-bytes'], { type: 'image/webp' }));
  // A 2D context that draws nothing: jsdom has none.
  const context = new Proxy({}, { get: (_target, name) => (name === 'canvas' ? undefined : vi.fn()) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
});

async function openSettings() {
  const view = renderApp('/account/profile');
  const section = await screen.findByRole('region', { name: 'Profile picture' });
  return { ...view, section, input: within(section).getByTestId<HTMLInputElement>('profile-picture-input') };
}

describe('the crop', () => {
  const size = { width: 1200, height: 800 };
  it('starts as the centred square, stays inside the picture, and sends at most 1024 px', () => {
    expect(cropRect(initialCrop(size), size)).toEqual({ x: 200, y: 0, side: 800 });
    // Dragging right by the whole view moves the square left by its side, up to the picture's edge.
    expect(cropRect(movePicture(initialCrop(size), size, 288, 0, 288), size)).toEqual({
      x: 0,
      y: 0,
      side: 800,
    });
    const zoomed = zoomTo(initialCrop(size), size, 2);
    expect(cropRect(zoomed, size)).toEqual({ x: 400, y: 200, side: 400 });
    expect(clampCrop({ cx: -50, cy: 9999, zoom: 9 }, size)).toEqual({ cx: 100, cy: 700, zoom: 4 });
    expect(outputSide(800)).toBe(800);
    expect(outputSide(3000)).toBe(1024);
  });
});

describe('settings: profile picture', () => {
  it('previews a chosen picture, moves and zooms it from the keyboard, and saves it: the header changes at once', async () => {
    let sent: FormData | undefined;
    fake.on('POST /api/set_avatar', async ({ init }) => {
      sent = init.body as FormData;
      return jsonResponse(200, {
        data: await encryptPayload(samplePartner({ user_picture: NEW_PICTURE }), TEST_PAYLOAD_KEY),
      });
    });
    const { user, section, input, queryClient } = await openSettings();
    expect(within(section).getByTestId('profile-picture-status')).toHaveTextContent(
      'No picture yet: your initials are shown.',
    );
    expect(
      screen
        .getByRole('link', { name: 'Profile of Maya Chen' })
        .querySelector('[data-testid="avatar-initials"]'),
    ).toBeInTheDocument();

    await user.upload(
      input,
      new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'me.png', { type: 'image/png' }),
    );
    const crop = await within(section).findByRole('application', { name: 'Picture to crop' });
    expect(pictureFile.open).toHaveBeenCalledOnce();
    const zoom = within(section).getByLabelText('Zoom');
    expect(zoom).toHaveValue('1');

    crop.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}++');
    expect(zoom).toHaveValue('1.2');
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile picture saved')).toBeInTheDocument();
    // The square kept: zoom 1.2 of a 1200×800 picture, moved left of the centre by the arrows.
    const [, square, output] = pictureFile.draw.mock.calls[0] as [
      unknown,
      { x: number; y: number; side: number },
      number,
    ];
    expect(square.side).toBeCloseTo(800 / 1.2);
    expect(square.x).toBeLessThan(600 - square.side / 2);
    expect(output).toBe(Math.round(800 / 1.2));
    const picture = sent?.get('picture');
    expect(picture).toBeInstanceOf(Blob);
    expect((picture as File).name).toBe('picture.webp');

    await waitFor(() =>
      expect(queryClient.getQueryData<PortalUser>(CURRENT_USER_QUERY_KEY)?.user_picture).toBe(NEW_PICTURE),
    );
    const header = screen.getByRole('link', { name: 'Profile of Maya Chen' });
    expect(within(header).getByTestId('avatar-picture')).toHaveAttribute('src', NEW_PICTURE);
    // The editor closed; the section shows the picture and offers to remove it.
    expect(within(section).queryByRole('application')).not.toBeInTheDocument();
    expect(within(section).getByTestId('profile-picture-status')).toHaveTextContent(
      'Your picture is shown in the header.',
    );
    expect(within(section).getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it('moves the picture by dragging it', async () => {
    const { user, section, input } = await openSettings();
    await user.upload(input, new File([new Uint8Array(PNG_HEAD)], 'me.png', { type: 'image/png' }));
    const crop = await within(section).findByRole('application', { name: 'Picture to crop' });
    fireEvent.pointerDown(crop, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(crop, { pointerId: 1, clientX: 400, clientY: 100 });
    fireEvent.pointerUp(crop, { pointerId: 1 });
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    // Dragged right as far as it goes: the square is at the picture's left edge.
    await waitFor(() => expect(pictureFile.draw).toHaveBeenCalled());
    expect(pictureFile.draw.mock.calls[0]?.[1]).toEqual({ x: 0, y: 0, side: 800 });
  });

  it('refuses a file over 10 MB and a PDF named .jpg before sending anything, with the server’s words', async () => {
    const { user, section, input } = await openSettings();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This file is larger than 10 MB: make it smaller and try again',
    );

    await user.upload(input, new File([PDF], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(
        'This file is not a JPEG, PNG or WebP image',
      ),
    );
    expect(pictureFile.open).not.toHaveBeenCalled();
    expect(within(section).queryByRole('application')).not.toBeInTheDocument();
    expect(fake.calls()).not.toContain('POST /api/set_avatar');
  });

  it('says why a picture cannot be opened', async () => {
    const { PictureError } = await import('../../lib/picture-file');
    pictureFile.open.mockRejectedValueOnce(new PictureError('too_many_pixels'));
    const { user, section, input } = await openSettings();
    await user.upload(input, new File([new Uint8Array(PNG_HEAD)], 'huge.png', { type: 'image/png' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This image is larger than 40 megapixels: make it smaller and try again',
    );
  });

  it('shows the server’s refusal in the section and keeps the editor open', async () => {
    fake.on('POST /api/set_avatar', () =>
      jsonResponse(422, { code: 422, message: 'This image could not be read: the file may be damaged' }),
    );
    const { user, section, input } = await openSettings();
    await user.upload(input, new File([new Uint8Array(PNG_HEAD)], 'me.png', { type: 'image/png' }));
    await user.click(await within(section).findByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This image could not be read: the file may be damaged',
    );
    expect(within(section).getByRole('application', { name: 'Picture to crop' })).toBeInTheDocument();
    // No alert dialog over the page: the section said it.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('without a picture of their own, shows the connected social account’s', async () => {
    fake = installFakeApi({ user: samplePartner({ social_picture: 'https://graph.example/maya.jpg' }) });
    const { section } = await openSettings();
    expect(within(section).getByTestId('profile-picture-status')).toHaveTextContent(
      'No picture yet: the picture of your connected social account is shown.',
    );
    expect(within(section).getByTestId('avatar-picture')).toHaveAttribute(
      'src',
      'https://graph.example/maya.jpg',
    );
    expect(within(section).queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });

  it('removes the picture: back to the initials', async () => {
    fake = installFakeApi({
      user: samplePartner({ user_picture: '/api/media/ffffffffffffffffffffffffffffffff.webp' }),
    });
    fake.on('DELETE /api/set_avatar', async () =>
      jsonResponse(200, { data: await encryptPayload(samplePartner(), TEST_PAYLOAD_KEY) }),
    );
    const { user, section } = await openSettings();
    await user.click(await within(section).findByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Profile picture removed')).toBeInTheDocument();
    expect(fake.calls()).toContain('DELETE /api/set_avatar');
    const header = screen.getByRole('link', { name: 'Profile of Maya Chen' });
    await waitFor(() => expect(within(header).getByTestId('avatar-initials')).toHaveTextContent('MC'));
    expect(within(section).queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });
});
