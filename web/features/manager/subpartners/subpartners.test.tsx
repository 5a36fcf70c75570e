// The sub-partners section (issue 13, docs/product/partners-and-accounts.md#white-label-sub-partners, docs/product/back-office.md#partners): the list (table and cards, search and
// state in the URL, partner counts), creating one (the slug from the name, the rules said before
// sending, the live preview, the logo sent after), and editing one (only the changes, with the
// version the form started from; a new address confirmed; a conflict said; reviewers read only),
// with its partners from the partners list's filter.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { PartnerListRow } from '../partners-api';
import { changesOf, contrastWithWhite, formErrors, NEW_VALUES, slugFromName } from './subpartner-form';
import type { Subpartner } from './subpartners-api';

let fake: FakeApi;

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 1, email: 'max@sunbite.example', name: 'Max', role } }),
  );
}

function subpartner(id: number, overrides: Partial<Subpartner> = {}): Subpartner {
  return {
    id,
    slug: `agency-${id}`,
    name: `Agency ${id}`,
    logo_url: null,
    primary_color: '#0f766e',
    accent_color: '#f59e0b',
    welcome_en: 'Welcome, agency creators.',
    welcome_fr: 'Bienvenue, créateurs de l’agence.',
    active: true,
    created_at: '2026-02-03T10:00:00Z',
    updated_at: '2026-02-04T10:00:00.000Z',
    partners_count: 0,
    ...overrides,
  };
}

const GLOW = subpartner(7, {
  slug: 'glow-collective',
  name: 'Glow Collective',
  partners_count: 2,
  primary_color: '#7c3aed',
  logo_url: '/api/media/abc.webp',
});
const QUIET = subpartner(8, { slug: 'quiet-co', name: 'Quiet Co', active: false });

function partner(index: number): PartnerListRow {
  return {
    uuid: `uuid-${index}`,
    email: `partner${index}@example.com`,
    first_name: 'Glow',
    last_name: `Creator ${index}`,
    country: 'CA',
    verified: index % 2 === 0,
    status: 'active',
    created_at: '2026-03-01T10:00:00Z',
    codes: [`GLOW${index}`],
    sales: 120,
    commissions: 12,
    verified_sales: 1,
    currency: 'USD',
  };
}

type User = ReturnType<typeof renderApp>['user'];
/** Puts the text in the field at once, as a paste would (typing it key by key is slow in jsdom). */
async function fill(user: User, testId: string, text: string) {
  const field = screen.getByTestId(testId);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const queriesOf = (path: string) =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams.entries()));

/** A PNG's first bytes (the browser checks the magic before sending), and a PDF named like a PNG. */
const pngFile = () =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2])],
    'glow.png',
    { type: 'image/png' },
  );
const fakePng = () => new File(['%PDF-1.4 not a picture'], 'renamed.png', { type: 'image/png' });

beforeEach(() => {
  fake = installFakeApi();
  staffAs('manager');
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
  URL.createObjectURL = vi.fn(() => 'blob:chosen-logo');
  URL.revokeObjectURL = vi.fn();
  fake.on('GET /api/manager/subpartners', ({ url }) => {
    const rows = url.searchParams.get('active') === 'false' ? [QUIET] : [GLOW, QUIET];
    return jsonResponse(200, { data: rows, current_page: 1, per_page: 20, last_page: 1, total: rows.length });
  });
  fake.on('GET /api/manager/subpartners/7', () => jsonResponse(200, { data: GLOW }));
  fake.on('GET /api/manager/partners', () =>
    jsonResponse(200, {
      data: [partner(1), partner(2)],
      current_page: 1,
      per_page: 20,
      last_page: 1,
      total: 2,
    }),
  );
});

describe('the rules', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    options ? `${key} ${JSON.stringify(options)}` : key;

  it('says every problem of the form by field, as the server would', () => {
    expect(formErrors(NEW_VALUES, t)).toEqual({ slug: 'validation.required', name: 'validation.required' });
    const errors = formErrors(
      {
        ...NEW_VALUES,
        slug: 'Login',
        name: 'x'.repeat(201),
        primary_color: 'red',
        accent_color: '#abc',
        welcome_en: 'Hello',
        welcome_fr: '',
      },
      t,
    );
    expect(errors).toEqual({
      slug: 'manager.subpartners.errors.slug_reserved',
      name: 'validation.max {"n":200}',
      primary_color: 'manager.subpartners.errors.colour_format',
      accent_color: 'manager.subpartners.errors.colour_format',
      welcome_fr: 'manager.subpartners.errors.welcome_pair',
    });
    expect(
      formErrors({ ...NEW_VALUES, slug: 'glow co', name: 'Glow', welcome_en: 'w'.repeat(501) }, t),
    ).toEqual({
      slug: 'manager.subpartners.errors.slug_format',
      welcome_en: 'validation.max {"n":500}',
    });
    expect(
      formErrors({ ...NEW_VALUES, slug: ' Glow-Co ', name: 'Glow', primary_color: '#7C3AED' }, t),
    ).toEqual({});
  });

  it('sends only what changed, as the server keeps it; suggests a slug; tells a colour too light for white', () => {
    const saved = { ...NEW_VALUES, slug: 'glow', name: 'Glow' };
    expect(changesOf(saved, { ...saved, name: ' Glow ', primary_color: '#C2410C' })).toEqual({});
    expect(changesOf(saved, { ...saved, slug: 'Glow-2', active: false })).toEqual({
      slug: 'glow-2',
      active: false,
    });
    expect(slugFromName('  Éclat & Co. Montréal!  ')).toBe('eclat-co-montreal');
    expect(slugFromName('x'.repeat(49) + ' y')).toBe('x'.repeat(49));
    expect(contrastWithWhite('#ffe4e6')).toBeLessThan(3);
    expect(contrastWithWhite('#7c3aed')).toBeGreaterThan(3);
    expect(contrastWithWhite('nope')).toBeNull();
  });
});

describe('the list', () => {
  it('is in the navigation after Partners, with a table on wide screens and the partner counts', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    renderApp('/manager/subpartners');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.indexOf('Sub-partners')).toBe(links.indexOf('Partners') + 1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub-partners' })).toBeInTheDocument();
    const table = await screen.findByTestId('subpartners-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Sub-partner', 'Colours', 'Status', 'Partners', 'Created']);
    const [glow, quiet] = within(table).getAllByTestId('subpartner-row');
    expect(within(glow!).getByTestId('subpartner-slug')).toHaveTextContent('/glow-collective');
    expect(within(glow!).getByRole('link', { name: '2 partners' })).toHaveAttribute(
      'href',
      '/manager/partners?subpartner=glow-collective',
    );
    expect(within(quiet!).getByTestId('subpartner-state')).toHaveTextContent('Inactive');
    expect(within(quiet!).getByTestId('subpartner-partners')).toHaveTextContent('0 partners');
    expect(screen.getByTestId('subpartners-total')).toHaveTextContent('2 sub-partners');
    expect(screen.getByTestId('subpartner-new')).toHaveAttribute('href', '/manager/subpartners/new');
    await waitFor(() => expect(document.title).toBe('Sub-partners · Sunbite Partners'));
  });

  it('keeps the search and the state in the URL and the query, and shows cards on phones', async () => {
    const { user, router } = renderApp('/manager/subpartners?page=2');
    expect(await screen.findAllByTestId('subpartner-row')).toHaveLength(2);
    expect(screen.queryByTestId('subpartners-table')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    await waitFor(() => expect(router.state.location.search).toBe('?state=inactive'));
    await waitFor(() =>
      expect(queriesOf('/api/manager/subpartners').at(-1)).toEqual({
        active: 'false',
        page: '1',
        length: '20',
      }),
    );
    await user.type(screen.getByTestId('subpartners-search'), 'quiet');
    await waitFor(() => expect(router.state.location.search).toBe('?state=inactive&q=quiet'));
    await waitFor(() =>
      expect(queriesOf('/api/manager/subpartners').at(-1)).toEqual({
        q: 'quiet',
        active: 'false',
        page: '1',
        length: '20',
      }),
    );
  });

  it('lets reviewers read but not add', async () => {
    staffAs('reviewer');
    renderApp('/manager/subpartners');
    expect(await screen.findAllByTestId('subpartner-row')).toHaveLength(2);
    expect(screen.queryByTestId('subpartner-new')).toBeNull();
  });
});

describe('a new sub-partner', () => {
  it('suggests the address, says the rules before sending, previews as typed, then creates it and sends the logo', async () => {
    const created = subpartner(12, { slug: 'eclat-studio', name: 'Éclat Studio', primary_color: '#1d4ed8' });
    fake.on('POST /api/manager/subpartners', () => jsonResponse(201, { data: created }));
    fake.on('POST /api/manager/subpartners/12/logo', () =>
      jsonResponse(200, { data: { ...created, logo_url: '/api/media/new.webp' } }),
    );
    fake.on('GET /api/manager/subpartners/12', () =>
      jsonResponse(200, { data: { ...created, logo_url: '/api/media/new.webp' } }),
    );
    const { user, router } = renderApp('/manager/subpartners/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New sub-partner' })).toBeInTheDocument();
    const preview = screen.getByTestId('subpartner-preview');

    await fill(user, 'field-name', 'Éclat Studio');
    expect(screen.getByTestId('field-slug')).toHaveValue('eclat-studio');
    expect(within(preview).getByTestId('subpartner-name')).toHaveTextContent('Éclat Studio');
    expect(within(preview).getByTestId('preview-address')).toHaveTextContent('/eclat-studio/login');

    // A reserved address, a colour that is none, a welcome in one language: refused here.
    await fill(user, 'field-slug', 'Register');
    await fill(user, 'field-primary-color', 'blue');
    await fill(user, 'field-welcome-en', 'Welcome, Éclat creators!');
    await user.click(screen.getByTestId('subpartner-save'));
    expect(
      await screen.findByText('This word is one of the portal’s own pages: choose another address'),
    ).toBeInTheDocument();
    expect(screen.getByText('Write the colour as #rrggbb, for example #7c3aed')).toBeInTheDocument();
    expect(screen.getByText('Write the welcome in both languages, or leave both empty')).toBeInTheDocument();
    expect(screen.getByTestId('field-slug')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.calls()).not.toContain('POST /api/manager/subpartners');

    await fill(user, 'field-slug', 'eclat-studio');
    await fill(user, 'field-primary-color', '#1D4ED8');
    await fill(user, 'field-welcome-fr', 'Bienvenue, créateurs Éclat !');
    expect(within(preview).getByTestId('subpartner-welcome')).toHaveTextContent('Welcome, Éclat creators!');

    // A document named like an image is refused before sending; a PNG shows in the preview.
    await user.upload(screen.getByTestId('logo-file'), fakePng());
    expect(await screen.findByText('renamed.png is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    await user.upload(screen.getByTestId('logo-file'), pngFile());
    expect(await screen.findByTestId('logo-status')).toHaveTextContent('New logo, not sent yet: glow.png');
    expect(within(preview).getByRole('img', { name: 'Éclat Studio logo' })).toHaveAttribute(
      'src',
      'blob:chosen-logo',
    );
    expect(screen.getByTestId('logo-rules')).toHaveTextContent(
      'JPEG, PNG or WebP, up to 10 MB. Kept whole, transparency included, within 512 × 512 pixels',
    );

    await user.click(screen.getByTestId('subpartner-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/subpartners/12'));
    expect(fake.lastBody('POST /api/manager/subpartners')).toEqual({
      slug: 'eclat-studio',
      name: 'Éclat Studio',
      primary_color: '#1d4ed8',
      accent_color: '#fbbf24',
      welcome_en: 'Welcome, Éclat creators!',
      welcome_fr: 'Bienvenue, créateurs Éclat !',
      active: true,
    });
    const logo = fake.lastInit('POST /api/manager/subpartners/12/logo');
    expect(logo?.body).toBeInstanceOf(File);
    expect(new Headers(logo?.headers).get('Content-Type')).toBe('image/png');
    expect(new Headers(logo?.headers).get('Authorization')).toBe('Bearer staff-token');
    expect(await screen.findByTestId('subpartner-title')).toHaveTextContent('Éclat Studio');
  });

  it('shows the server’s refusal at its field (a slug taken meanwhile)', async () => {
    fake.on('POST /api/manager/subpartners', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: { slug: ['Another sub-partner already has this address'] },
      }),
    );
    const { user } = renderApp('/manager/subpartners/new');
    await screen.findByTestId('field-name');
    await fill(user, 'field-name', 'Glow Collective');
    await user.click(screen.getByTestId('subpartner-save'));
    expect(await screen.findByText('Another sub-partner already has this address')).toBeInTheDocument();
    expect(screen.getByTestId('field-slug')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not open to reviewers', async () => {
    staffAs('reviewer');
    renderApp('/manager/subpartners/new');
    expect(await screen.findByTestId('subpartner-read-only')).toHaveTextContent(
      'managers and administrators add them',
    );
    expect(screen.queryByTestId('subpartner-form')).toBeNull();
  });
});

describe('editing', () => {
  it('shows its partners from the partners list’s filter, each linked, and the filtered list', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    renderApp('/manager/subpartners/7');
    const table = await screen.findByTestId('subpartner-partners-table');
    expect(within(table).getAllByTestId('subpartner-partner-row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Glow Creator 1' })).toHaveAttribute(
      'href',
      '/manager/partners/uuid-1',
    );
    expect(queriesOf('/api/manager/partners').at(-1)).toEqual({
      subpartner: 'glow-collective',
      page: '1',
      length: '20',
    });
    expect(screen.getByTestId('subpartner-partners-all')).toHaveAttribute(
      'href',
      '/manager/partners?subpartner=glow-collective',
    );
    expect(screen.getByTestId('subpartner-partners-total')).toHaveTextContent('2 partners');
    await waitFor(() => expect(document.title).toBe('Glow Collective · Sub-partners · Sunbite Partners'));
  });

  it('warns about the old address, confirms, and sends only the changes with the version it started from', async () => {
    fake.on('PATCH /api/manager/subpartners/7', ({ body }) =>
      jsonResponse(200, { data: { ...GLOW, ...(body as object), updated_at: '2026-02-05T10:00:00.000Z' } }),
    );
    const { user } = renderApp('/manager/subpartners/7');
    const slug = await screen.findByTestId('field-slug');
    expect(screen.getByTestId('subpartner-save')).toBeDisabled();
    await user.clear(slug);
    await user.type(slug, 'glow-studio');
    expect(screen.getByTestId('slug-warning')).toHaveTextContent(
      'Links to /glow-collective will stop working',
    );
    await fill(user, 'field-accent-color', '#10B981');
    expect(within(screen.getByTestId('subpartner-preview')).getByTestId('preview-address')).toHaveTextContent(
      '/glow-studio/login',
    );
    await user.click(screen.getByTestId('subpartner-save'));
    const dialog = await screen.findByTestId('subpartner-move');
    expect(dialog).toHaveTextContent('its pages move to /glow-studio');
    expect(fake.calls()).not.toContain('PATCH /api/manager/subpartners/7');
    await user.click(within(dialog).getByTestId('subpartner-move-confirm'));
    await waitFor(() =>
      expect(fake.lastBody('PATCH /api/manager/subpartners/7')).toEqual({
        slug: 'glow-studio',
        accent_color: '#10b981',
        base_updated_at: '2026-02-04T10:00:00.000Z',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('subpartner-save')).toBeDisabled());
    expect(screen.queryByTestId('slug-warning')).toBeNull();
  });

  it('removes the logo on save, and says when someone else changed it first', async () => {
    fake.on('PATCH /api/manager/subpartners/7', () =>
      jsonResponse(409, {
        code: 409,
        message: 'This sub-partner was changed by someone else: reload to see it',
      }),
    );
    fake.on('DELETE /api/manager/subpartners/7/logo', () =>
      jsonResponse(200, { data: { ...GLOW, logo_url: null } }),
    );
    const { user } = renderApp('/manager/subpartners/7');
    await user.click(await screen.findByTestId('logo-remove'));
    expect(screen.getByTestId('logo-status')).toHaveTextContent('The logo will be removed when you save.');
    await user.click(screen.getByTestId('subpartner-save'));
    await waitFor(() => expect(fake.calls()).toContain('DELETE /api/manager/subpartners/7/logo'));
    await waitFor(() =>
      expect(screen.getByTestId('logo-status')).toHaveTextContent(
        'No logo: the initial on the primary colour is shown.',
      ),
    );

    await fill(user, 'field-name', 'Glow Collective Paris');
    await user.click(screen.getByTestId('subpartner-save'));
    expect(await screen.findByTestId('subpartner-stale')).toHaveTextContent(
      'Someone else changed this sub-partner',
    );
    fake.on('GET /api/manager/subpartners/7', () =>
      jsonResponse(200, {
        data: { ...GLOW, name: 'Glow by Someone', updated_at: '2026-02-06T10:00:00.000Z' },
      }),
    );
    await user.click(screen.getByTestId('subpartner-reload'));
    await waitFor(() => expect(screen.getByTestId('field-name')).toHaveValue('Glow by Someone'));
    expect(screen.queryByTestId('subpartner-stale')).toBeNull();
  });

  it('warns before deactivating, and lets reviewers read without changing', async () => {
    const { user, unmount } = renderApp('/manager/subpartners/7');
    await user.click(await screen.findByTestId('field-active'));
    expect(screen.getByTestId('preview-inactive')).toHaveTextContent(
      'Inactive: visitors see “Page not found” at this address.',
    );
    expect(screen.getByTestId('deactivate-warning')).toHaveTextContent(
      '/glow-collective and its sign-in and registration pages show “Page not found”',
    );
    unmount();

    staffAs('reviewer');
    renderApp('/manager/subpartners/7');
    expect(await screen.findByTestId('subpartner-read-only')).toBeInTheDocument();
    expect(screen.getByTestId('field-name')).toBeDisabled();
    expect(screen.queryByTestId('subpartner-save')).toBeNull();
    expect(screen.queryByTestId('logo-file')).toBeNull();
  });

  it('says when there is no such sub-partner', async () => {
    fake.on('GET /api/manager/subpartners/99', () =>
      jsonResponse(404, { code: 404, message: 'No sub-partner has this id' }),
    );
    renderApp('/manager/subpartners/99');
    expect(await screen.findByTestId('subpartner-not-found')).toHaveTextContent('No such sub-partner');
  });
});
