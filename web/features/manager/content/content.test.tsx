// The back office's Content section against a fake staff API (notes/content-api.md): who sees
// it, the talking-points editor (checks, save held to its version, conflicts, restore), the
// pages editor, Grab and Go (upload checks, reorder) and the competitor list.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageContent, ProductContent } from '../../../../common/content';
import acvEnglish from '../../../../content/products/acv/en.json';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { payoutQueue } from '../../../test/payouts-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { Entry, StaffGalleryImage, VersionSummary } from '../content-api';

let fake: FakeApi;
const ACV: ProductContent = acvEnglish;
const MB = 1024 * 1024;

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 4, email: `${role}@sunbite.example`, name: 'Mia Manager', role } }),
  );
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
}

const VERSIONS: VersionSummary[] = [
  {
    version: 3,
    created_at: '2026-03-04T10:00:00Z',
    created_by: 'Mia Manager',
    source: 'staff',
    restored_from: null,
  },
  {
    version: 2,
    created_at: '2026-03-02T10:00:00Z',
    created_by: 'Dana Admin',
    source: 'staff',
    restored_from: null,
  },
  { version: 1, created_at: '2026-03-01T10:00:00Z', created_by: null, source: 'seed', restored_from: null },
];

function entry<Body>(body: Body, version = 3, versions = VERSIONS): Entry<Body> {
  return {
    body,
    version,
    updated_at: '2026-03-04T10:00:00Z',
    updated_by: 'Mia Manager',
    source: 'staff',
    seed_differs: false,
    versions,
  };
}

const meta = (version: number, seed_differs = false) => ({
  version,
  updated_at: '2026-03-04T10:00:00Z',
  updated_by: version > 1 ? 'Mia Manager' : null,
  source: version > 1 ? 'staff' : 'seed',
  seed_differs,
});

function image(id: number, overrides: Partial<StaffGalleryImage> = {}): StaffGalleryImage {
  return {
    id,
    product: 'acv',
    format: 'square',
    width: 1080,
    height: 1080,
    url: `/api/media/img${id}.webp`,
    thumb_url: `/api/media/img${id}.webp?w=480`,
    tags: ['morning'],
    alt: { en: `Gummies on a table ${id}`, fr: `Gommes sur une table ${id}` },
    position: id,
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/payouts', () => jsonResponse(200, payoutQueue()));
  fake.on('GET /api/manager/content/competitors', () =>
    jsonResponse(200, { data: { names: ['Gummy Giant'] } }),
  );
  fake.on('GET /api/manager/content/gallery', () =>
    jsonResponse(200, { data: [image(1), image(2), image(3)] }),
  );
  fake.on('GET /api/manager/content/products/acv/en', () => jsonResponse(200, { data: entry(ACV) }));
});

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Back-office sections' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

/** The editor's preview, drawn inside its frame. */
function previewBody(): HTMLElement {
  const frame = within(screen.getByTestId('editor-preview')).getByTitle(/^Preview of /) as HTMLIFrameElement;
  return frame.contentDocument!.body;
}

/** Replaces a field's text at once (typing `{` would be read as a key name by user-event). */
async function replaceText(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the Content section', () => {
  it('is in a manager’s navigation and lists the products with their versions per locale', async () => {
    staffAs('manager');
    fake.on('GET /api/manager/content/products', () =>
      jsonResponse(200, {
        data: [
          { code: 'ashwa', name: 'Ashwa Gummies', locales: { en: meta(1), fr: meta(1) } },
          { code: 'acv', name: 'ACV Gummies', locales: { en: meta(3), fr: meta(2, true) } },
        ],
      }),
    );
    const { user, router } = renderApp('/manager/payouts');
    expect(await navLinks()).toEqual([
      '/manager/overview',
      '/manager/payouts',
      '/manager/partners',
      '/manager/subpartners',
      '/manager/marketplace',
      '/manager/content',
      '/manager/announcements',
      '/manager/notifications',
      '/manager/promotions',
      '/manager/challenges',
      '/manager/survey',
      '/manager/audit',
    ]);
    await user.click(screen.getByTestId('manager-nav-content'));
    const rows = await screen.findAllByTestId('content-row');
    // In the products' own order, whatever order the server sent.
    expect(rows.map((row) => row.getAttribute('data-id'))).toEqual(['acv', 'ashwa']);
    expect(rows[0]).toHaveTextContent('v3');
    expect(rows[0]).toHaveTextContent('Mia Manager');
    expect(within(rows[0]!).getAllByTestId('seed-differs')).toHaveLength(1);
    expect(rows[1]).toHaveTextContent('Release text');
    await user.click(within(rows[0]!).getByTestId('edit-en'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/content/products/acv/en'));
    expect(await screen.findByTestId('editor-title')).toHaveTextContent('ACV Gummies · English');
    expect(document.title).toContain('ACV (English) · Talking points');
  });

  it('is not in a reviewer’s navigation, and its links say the role does not open it', async () => {
    staffAs('reviewer');
    renderApp('/manager/content/products/acv/en');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Manager');
    expect(await navLinks()).toEqual([
      '/manager/overview',
      '/manager/payouts',
      '/manager/partners',
      '/manager/subpartners',
    ]);
    expect(fake.calls()).not.toContain('GET /api/manager/content/products/acv/en');
  });
});

describe('the talking-points editor', () => {
  beforeEach(() => staffAs('manager'));

  it('checks each ready caption as it is typed and does not save one the check refuses', async () => {
    const { user } = renderApp('/manager/content/products/acv/en');
    const caption = await screen.findByTestId('caption-0');
    expect(screen.getByTestId('caption-check-0')).toHaveAttribute('data-ok', 'true');
    // The preview writes a sample code where the partner's own will stand.
    await waitFor(() => expect(previewBody().querySelectorAll('[data-testid="caption"]')).toHaveLength(3));
    expect(previewBody().querySelector('[data-testid="caption"]')).toHaveTextContent(
      'Code YOURCODE saves you',
    );

    await replaceText(user, caption, '#Ad #SunbitePartner These gummies cure bloating, ask Gummy Giant fans');
    const check = screen.getByTestId('caption-check-0');
    expect(check).toHaveAttribute('data-ok', 'false');
    expect(within(check).getByText('The partner’s code is missing')).toBeInTheDocument();
    expect(check.querySelector('[data-rule="disease_claim"]')).toHaveTextContent('“cure”');
    expect(check.querySelector('[data-rule="competitor"]')).toHaveTextContent('“Gummy Giant”');
    expect(caption).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('Write {code} exactly once: the partner’s own code goes there.'),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId('editor-save'));
    expect(await screen.findByTestId('editor-invalid')).toHaveTextContent('1 field needs attention');
    await waitFor(() => expect(caption).toHaveFocus());
    expect(fake.calls()).not.toContain('PUT /api/manager/content/products/acv/en');

    // Fixed: the code placeholder in, the claim and the competitor out.
    await replaceText(
      user,
      caption,
      '#Ad #SunbitePartner Green apple gummies every morning. Code {code} at checkout',
    );
    expect(screen.getByTestId('caption-check-0')).toHaveAttribute('data-ok', 'true');
    expect(caption).not.toHaveAttribute('aria-invalid');
  });

  it('shows the schema’s messages at their fields: a missing name, a hashtag set without disclosure', async () => {
    const { user } = renderApp('/manager/content/products/acv/en');
    await user.clear(await screen.findByTestId('field-name'));
    expect(screen.getByTestId('field-name')).toHaveAttribute('aria-invalid', 'true');
    const required = screen.getByTestId('required-hashtags');
    await user.click(within(required).getByRole('button', { name: 'Remove #Ad' }));
    expect(
      within(required).getByText(
        'A disclosure hashtag is required: #Ad, #Sponsored, #Paid, #Pub, #Publicité, #Commandité or #Partenariat.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('editor-save'));
    expect(await screen.findByTestId('editor-invalid')).toHaveTextContent('2 fields need attention');
    await waitFor(() => expect(screen.getByTestId('field-name')).toHaveFocus());
    expect(fake.calls()).not.toContain('PUT /api/manager/content/products/acv/en');
  });

  it('saves with the version it started from; on a 409 says so and reloads the other version on demand', async () => {
    const theirs = { ...ACV, subtitle: 'Their newer subtitle' };
    let saves = 0;
    fake.on('PUT /api/manager/content/products/acv/en', () => {
      saves++;
      return jsonResponse(409, {
        code: 409,
        message: 'This text was changed by someone else: reload to see it',
      });
    });
    const { user } = renderApp('/manager/content/products/acv/en');
    await replaceText(user, await screen.findByTestId('field-subtitle'), 'My better subtitle');
    expect(screen.getByTestId('editor-dirty')).toHaveTextContent('Unsaved changes');
    await user.click(screen.getByTestId('editor-save'));

    const conflict = await screen.findByTestId('editor-conflict');
    expect(conflict).toHaveTextContent('This text was changed by someone else: reload to see it');
    expect(saves).toBe(1);
    expect(fake.lastBody('PUT /api/manager/content/products/acv/en')).toEqual({
      body: { ...ACV, subtitle: 'My better subtitle' },
      base_version: 3,
    });
    expect(
      new Headers(fake.lastInit('PUT /api/manager/content/products/acv/en')?.headers).get('Authorization'),
    ).toBe('Bearer staff-token');
    // The draft stays until the staff member asks for the other text.
    expect(screen.getByTestId('field-subtitle')).toHaveValue('My better subtitle');
    expect(previewBody().querySelector('[data-testid="product-subtitle"]')).toHaveTextContent(
      'My better subtitle',
    );

    fake.on('GET /api/manager/content/products/acv/en', () => jsonResponse(200, { data: entry(theirs, 4) }));
    await user.click(within(conflict).getByTestId('editor-reload'));
    await waitFor(() => expect(screen.getByTestId('field-subtitle')).toHaveValue('Their newer subtitle'));
    expect(screen.queryByTestId('editor-conflict')).toBeNull();
    expect(screen.getByTestId('editor-version')).toHaveTextContent('Version 4');

    // The next save is held to the version now shown.
    fake.on('PUT /api/manager/content/products/acv/en', ({ body }) =>
      jsonResponse(200, { data: entry((body as { body: ProductContent }).body, 5) }),
    );
    await replaceText(user, screen.getByTestId('field-subtitle'), 'Agreed subtitle');
    await user.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(screen.getByTestId('editor-version')).toHaveTextContent('Version 5'));
    expect(fake.lastBody('PUT /api/manager/content/products/acv/en')).toMatchObject({ base_version: 4 });
    expect(screen.getByTestId('editor-dirty')).toHaveTextContent('No changes');
  });

  it('puts a 422’s field errors at their fields', async () => {
    fake.on('PUT /api/manager/content/products/acv/en', () =>
      jsonResponse(422, {
        code: 422,
        message: 'The given data was invalid.',
        errors: { 'body.benefits.1.ingredient': ['Name the ingredient as on the label.'] },
      }),
    );
    const { user } = renderApp('/manager/content/products/acv/en');
    await replaceText(user, await screen.findByTestId('field-subtitle'), 'Another subtitle');
    await user.click(screen.getByTestId('editor-save'));
    expect(await screen.findByTestId('editor-failure')).toHaveTextContent('The given data was invalid.');
    const ingredient = within(screen.getAllByTestId('benefits-row')[1]!).getByLabelText('Ingredient');
    expect(ingredient).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Name the ingredient as on the label.')).toBeInTheDocument();
  });

  it('reorders, adds and removes benefits with buttons', async () => {
    const { user } = renderApp('/manager/content/products/acv/en');
    const rows = await screen.findAllByTestId('benefits-row');
    expect(rows).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Move Benefit 2 up' }));
    const texts = () =>
      screen
        .getAllByTestId('benefits-row')
        .map((row) => (within(row).getByLabelText('Benefit') as HTMLInputElement).value);
    expect(texts().slice(0, 2)).toEqual([ACV.benefits[1]!.text, ACV.benefits[0]!.text]);
    await user.click(screen.getByTestId('benefits-add'));
    expect(screen.getAllByTestId('benefits-row')).toHaveLength(5);
    // Five is the most a product has.
    expect(screen.getByTestId('benefits-add')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Benefit 5' }));
    expect(texts()).toHaveLength(4);
  });

  it('shows a version read-only and restores it after confirmation; the editor then holds the new version', async () => {
    const first = { ...ACV, subtitle: 'The release subtitle' };
    fake.on('GET /api/manager/content/products/acv/en/versions/1', () =>
      jsonResponse(200, {
        data: {
          version: 1,
          body: first,
          created_at: '2026-03-01T10:00:00Z',
          created_by: null,
          source: 'seed',
        },
      }),
    );
    fake.on('POST /api/manager/content/products/acv/en/versions/1/restore', () =>
      jsonResponse(200, {
        data: entry(first, 4, [
          {
            version: 4,
            created_at: '2026-03-05T10:00:00Z',
            created_by: 'Mia Manager',
            source: 'restore',
            restored_from: 1,
          },
          ...VERSIONS,
        ]),
      }),
    );
    const { user } = renderApp('/manager/content/products/acv/en');
    const history = await screen.findByTestId('versions');
    expect(within(history).getAllByTestId('version-row')).toHaveLength(3);
    expect(within(history).getAllByTestId('version-row')[2]).toHaveTextContent('Release text');

    await user.click(within(history).getByTestId('view-version-1'));
    const dialog = await screen.findByTestId('version-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Version 1' })).toBeInTheDocument();
    const restoreButton = within(dialog).getByTestId('restore-version');
    await waitFor(() => expect(restoreButton).toBeEnabled());
    await user.click(restoreButton);

    const confirm = await screen.findByTestId('restore-confirm');
    expect(fake.calls()).not.toContain('POST /api/manager/content/products/acv/en/versions/1/restore');
    await user.click(within(confirm).getByTestId('restore-confirm-button'));

    await waitFor(() => expect(screen.getByTestId('field-subtitle')).toHaveValue('The release subtitle'));
    expect(fake.lastBody('POST /api/manager/content/products/acv/en/versions/1/restore')).toEqual({
      base_version: 3,
    });
    expect(screen.getByTestId('editor-version')).toHaveTextContent('Version 4');
    expect(screen.queryByTestId('restore-confirm')).toBeNull();
    const rows = within(screen.getByTestId('versions')).getAllByTestId('version-row');
    expect(rows[0]).toHaveTextContent('restored from v1');
  });
});

describe('the pages editor', () => {
  const faq: PageContent = {
    title: 'Questions and answers',
    lead: 'What partners ask us most.',
    sections: [
      {
        id: 'get-paid',
        heading: 'How do I get paid?',
        group: 'Payouts',
        blocks: [{ type: 'p', text: 'By PayPal.' }],
      },
    ],
  };

  it('adds a question whose anchor follows its first heading, and saves the page', async () => {
    staffAs('manager');
    fake.on('GET /api/manager/content/pages/faq/fr', () =>
      jsonResponse(200, { data: entry(faq, 2, VERSIONS.slice(1)) }),
    );
    fake.on('PUT /api/manager/content/pages/faq/fr', ({ body }) =>
      jsonResponse(200, { data: entry((body as { body: PageContent }).body, 3) }),
    );
    const { user } = renderApp('/manager/content/pages/faq/fr');
    expect(await screen.findByTestId('page-help')).toHaveTextContent('{{minimum_payout}}');
    await user.click(screen.getByTestId('sections-add'));
    await user.type(screen.getByTestId('section-1-heading'), 'Can I post from two accounts?');
    await user.tab();
    expect(screen.getByDisplayValue('can-i-post-from-two-accounts')).toBeInTheDocument();
    const answer = within(screen.getByTestId('section-1-blocks')).getByLabelText('Text');
    await user.type(answer, 'Yes, with the same code.');
    await user.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(screen.getByTestId('editor-version')).toHaveTextContent('Version 3'));
    expect(fake.lastBody('PUT /api/manager/content/pages/faq/fr')).toEqual({
      base_version: 2,
      body: {
        ...faq,
        sections: [
          ...faq.sections,
          {
            id: 'can-i-post-from-two-accounts',
            heading: 'Can I post from two accounts?',
            blocks: [{ type: 'p', text: 'Yes, with the same code.' }],
          },
        ],
      },
    });
  });
});

describe('the pages editor’s program values', () => {
  it('names a {{value}} the program does not have at its field and does not save', async () => {
    staffAs('manager');
    const terms: PageContent = {
      title: 'Terms',
      lead: 'Payouts start at {{minimum_payout}}.',
      sections: [
        { id: 'payouts', heading: 'Payouts', blocks: [{ type: 'list', items: ['Paid by PayPal'] }] },
      ],
    };
    fake.on('GET /api/manager/content/pages/terms/en', () => jsonResponse(200, { data: entry(terms) }));
    const { user } = renderApp('/manager/content/pages/terms/en');
    const lead = await screen.findByTestId('field-lead');
    expect(lead).not.toHaveAttribute('aria-invalid');
    await replaceText(user, lead, 'Payouts start at {{minimum_payot}}.');
    expect(lead).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/\{\{minimum_payot\}\} is not a program value/)).toBeInTheDocument();
    await user.click(screen.getByTestId('editor-save'));
    expect(await screen.findByTestId('editor-invalid')).toBeInTheDocument();
    expect(fake.calls()).not.toContain('PUT /api/manager/content/pages/terms/en');
  });
});

describe('Grab and Go', () => {
  beforeEach(() => staffAs('manager'));

  async function fillAlt(user: ReturnType<typeof renderApp>['user']) {
    await user.type(screen.getByTestId('upload-alt-en'), 'Gummies by a window');
    await user.type(screen.getByTestId('upload-alt-fr'), 'Gommes près d’une fenêtre');
  }

  it('refuses a file over 10 MB before sending it, and shows the server’s message when it refuses one', async () => {
    fake.on('POST /api/manager/content/gallery', () =>
      jsonResponse(415, { code: 415, message: 'This file is not a JPEG, PNG or WebP image.' }),
    );
    const { user } = renderApp('/manager/content/gallery');
    const input = await screen.findByTestId('gallery-file');
    await fillAlt(user);

    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * MB });
    await user.upload(input, big);
    expect(await screen.findByText('This file is 11 MB: the limit is 10 MB.')).toBeInTheDocument();
    await user.click(screen.getByTestId('upload-submit'));
    expect(fake.calls()).not.toContain('POST /api/manager/content/gallery');

    // A PDF renamed to .jpg: only the server, reading its bytes, can tell.
    const pdf = new File(['%PDF-1.7 not an image'], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(input, pdf);
    await user.selectOptions(screen.getByTestId('upload-product'), 'sleep');
    await user.type(screen.getByTestId('upload-tags-input'), 'night{Enter}');
    await user.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByTestId('upload-refused')).toHaveTextContent(
      'This file is not a JPEG, PNG or WebP image.',
    );

    const call = fake.fetch.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    const url = new URL(String(call?.[0]), 'http://localhost');
    const init = call?.[1] as RequestInit;
    expect(url.pathname).toBe('/api/manager/content/gallery');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      product: 'sleep',
      tags: 'night',
      alt_en: 'Gummies by a window',
      alt_fr: 'Gommes près d’une fenêtre',
    });
    // The bytes themselves, not a form.
    expect(init.body).toBe(pdf);
    const headers = new Headers(init.headers);
    expect(headers.get('Content-Type')).toBe('image/jpeg');
    expect(headers.get('Authorization')).toBe('Bearer staff-token');
    expect(screen.getAllByTestId('gallery-image')).toHaveLength(3);
  });

  it('adds an uploaded image at the end of the grid', async () => {
    const stored = [image(1), image(2), image(3)];
    fake.on('POST /api/manager/content/gallery', () => {
      stored.push(image(9, { format: 'story' }));
      return jsonResponse(201, { data: stored.at(-1) });
    });
    fake.on('GET /api/manager/content/gallery', () => jsonResponse(200, { data: stored }));
    const { user } = renderApp('/manager/content/gallery');
    await user.upload(
      await screen.findByTestId('gallery-file'),
      new File(['png'], 'a.png', { type: 'image/png' }),
    );
    await fillAlt(user);
    await user.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(screen.getAllByTestId('gallery-image')).toHaveLength(4));
    expect(screen.getAllByTestId('gallery-image').at(-1)).toHaveAttribute('data-id', '9');
    expect(screen.getByTestId('upload-alt-en')).toHaveValue('');
  });

  it('moves an image with the keyboard and sends the whole new order', async () => {
    fake.on('PUT /api/manager/content/gallery/order', ({ body }) => {
      const ids = (body as { ids: number[] }).ids;
      return jsonResponse(200, { data: ids.map((id, position) => image(id, { position })) });
    });
    const { user } = renderApp('/manager/content/gallery');
    const earlier = await screen.findByRole('button', { name: 'Move Image 3 earlier' });
    earlier.focus();
    await user.keyboard('{Enter}');
    expect(fake.lastBody('PUT /api/manager/content/gallery/order')).toEqual({ ids: [1, 3, 2] });
    await waitFor(() =>
      expect(screen.getAllByTestId('gallery-image').map((card) => card.getAttribute('data-id'))).toEqual([
        '1',
        '3',
        '2',
      ]),
    );
    expect(screen.getByText('Moved to position 2 of 3.')).toBeInTheDocument();
  });

  it('puts the order back when the server refuses it', async () => {
    fake.on('PUT /api/manager/content/gallery/order', () =>
      jsonResponse(422, { code: 422, message: 'Every image must be listed once.' }),
    );
    const { user } = renderApp('/manager/content/gallery');
    await user.click(await screen.findByTestId('image-1-down'));
    expect(await screen.findByTestId('order-error')).toHaveTextContent('Every image must be listed once.');
    expect(screen.getAllByTestId('gallery-image').map((card) => card.getAttribute('data-id'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('removes an image only after confirmation', async () => {
    fake.on('DELETE /api/manager/content/gallery/2', () => new Response(null, { status: 204 }));
    const { user } = renderApp('/manager/content/gallery');
    await user.click(await screen.findByTestId('image-2-remove'));
    const dialog = await screen.findByTestId('image-remove');
    expect(fake.calls()).not.toContain('DELETE /api/manager/content/gallery/2');
    await user.click(within(dialog).getByTestId('image-remove-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('gallery-image')).toHaveLength(2));
    expect(fake.calls()).toContain('DELETE /api/manager/content/gallery/2');
  });

  it('edits an image’s product, tags and descriptions', async () => {
    fake.on('PATCH /api/manager/content/gallery/1', ({ body }) =>
      jsonResponse(200, { data: { ...image(1), ...(body as object) } }),
    );
    const { user } = renderApp('/manager/content/gallery');
    await user.click(await screen.findByTestId('image-1-edit'));
    const dialog = await screen.findByTestId('image-edit');
    await user.selectOptions(within(dialog).getByTestId('edit-product'), '');
    await user.clear(within(dialog).getByTestId('edit-alt-fr'));
    await user.click(within(dialog).getByTestId('image-edit-save'));
    expect(within(dialog).getByText('Describe the image.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('edit-alt-fr'), 'Gommes au soleil');
    await user.click(within(dialog).getByTestId('image-edit-save'));
    await waitFor(() => expect(screen.queryByTestId('image-edit')).toBeNull());
    expect(fake.lastBody('PATCH /api/manager/content/gallery/1')).toEqual({
      product: null,
      tags: ['morning'],
      alt: { en: 'Gummies on a table 1', fr: 'Gommes au soleil' },
    });
  });
});

describe('the competitor list', () => {
  it('adds and removes names, refuses a duplicate, and saves the list', async () => {
    staffAs('admin');
    fake.on('PUT /api/manager/content/competitors', ({ body }) =>
      jsonResponse(200, { data: { names: (body as { names: string[] }).names } }),
    );
    const { user } = renderApp('/manager/content/competitors');
    const input = await screen.findByTestId('competitor-input');
    await user.type(input, 'gummy giant{Enter}');
    expect(screen.getByText('gummy giant is already in the list.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Vita Chews{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Gummy Giant' }));
    expect(screen.getAllByTestId('competitor').map((chip) => chip.textContent)).toEqual(['Vita Chews']);
    await user.click(screen.getByTestId('competitors-save'));
    await waitFor(() =>
      expect(fake.lastBody('PUT /api/manager/content/competitors')).toEqual({ names: ['Vita Chews'] }),
    );
  });
});

describe('on a phone', () => {
  it('lists the pages as cards', async () => {
    stubMatchMedia(() => false);
    staffAs('manager');
    fake.on('GET /api/manager/content/pages', () =>
      jsonResponse(200, { data: [{ slug: 'terms', locales: { en: meta(1), fr: meta(1) } }] }),
    );
    renderApp('/manager/content/pages');
    const card = await screen.findByTestId('content-row');
    expect(card.tagName).toBe('LI');
    expect(card).toHaveTextContent('Brand ambassador terms');
    expect(within(card).getByTestId('edit-fr')).toHaveAttribute('href', '/manager/content/pages/terms/fr');
  });
});
