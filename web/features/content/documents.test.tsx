import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageDocument } from '../../../common/contracts/content';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, TEST_PUBLIC_CLIENT, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;

const FAQ: PageDocument = {
  slug: 'faq',
  updated_at: '2026-03-01T10:00:00.000Z',
  title: 'Questions partners ask',
  lead: 'Answers to the questions partners ask most.',
  sections: [
    {
      id: 'how-it-works',
      group: 'Getting started',
      heading: 'How does the program work?',
      blocks: [{ type: 'p', text: 'You share your code; every order with it earns you a commission.' }],
    },
    {
      id: 'minimum-payout',
      group: 'Cash-out',
      heading: 'What is the minimum payout?',
      blocks: [{ type: 'p', text: 'You can cash out from **$25.00**, paid to your PayPal e-mail.' }],
    },
    {
      id: 'paypal-only',
      group: 'Cash-out',
      heading: 'Can I be paid another way?',
      blocks: [{ type: 'p', text: 'No: every payout goes through PayPal.' }],
    },
    {
      id: 'delete-account',
      group: 'Account',
      heading: 'How do I close my account?',
      blocks: [{ type: 'note', text: 'Write to the partner team from your sign-in e-mail.' }],
    },
  ],
};

const TERMS: PageDocument = {
  slug: 'terms',
  updated_at: '2026-03-01T10:00:00.000Z',
  title: 'Terms of the ambassador program',
  lead: 'The agreement between you and Sunbite.',
  effective_date: '2026-11-22',
  sections: [
    {
      id: 'eligibility',
      heading: 'Eligibility',
      blocks: [
        { type: 'p', text: 'You must be **18 or over** to join.' },
        { type: 'list', items: ['One account per person', 'A PayPal account for payouts'] },
      ],
    },
    {
      id: 'disclosure',
      heading: 'Disclosure',
      blocks: [
        { type: 'do', items: ['Start with #Ad'] },
        { type: 'dont', items: ['Hide the disclosure in a comment'] },
        { type: 'note', text: 'The FTC rules apply to every post.' },
      ],
    },
    {
      id: 'payouts',
      heading: 'Payouts',
      blocks: [{ type: 'list', ordered: true, items: ['Request', 'Review', 'Payment'] }],
    },
  ],
};

const POST_GUIDE: PageDocument = {
  slug: 'crafting_perfect_post',
  updated_at: '2026-03-01T10:00:00.000Z',
  title: 'Crafting the perfect post',
  lead: 'When to post and how.',
  sections: [
    {
      id: 'time-your-post',
      heading: 'Time your post',
      blocks: [{ type: 'p', text: 'Post when your audience is there.' }],
    },
    { id: 'set-the-scene', heading: 'Set the scene', blocks: [{ type: 'p', text: 'Natural light.' }] },
  ],
};

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/pages/faq', () => jsonResponse(200, { data: FAQ }));
  fake.on('GET /api/pages/terms', ({ url }) =>
    jsonResponse(200, {
      data:
        url.searchParams.get('locale') === 'fr'
          ? { ...TERMS, title: 'Conditions des ambassadeurs', lead: 'L’entente entre vous et Sunbite.' }
          : TERMS,
    }),
  );
  fake.on('GET /api/pages/crafting_perfect_post', () => jsonResponse(200, { data: POST_GUIDE }));
});

const questions = () =>
  within(screen.getByTestId('faq'))
    .queryAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'));

describe('/account/faq', () => {
  beforeEach(() => signInForTest('partner-token'));

  it('groups the questions, each a closed accordion button controlling its answer', async () => {
    const { user } = renderApp('/account/faq');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Questions partners ask' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Getting started',
      'Cash-out',
      'Account',
    ]);
    const question = screen.getByRole('button', { name: 'What is the minimum payout?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    const answer = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(answer).not.toBeVisible();

    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(within(answer).getByText('$25.00', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What is the minimum payout?' })).toBe(answer);
  });

  it('moves between questions with the arrow keys, Home and End, and opens one with Enter or Space', async () => {
    const { user } = renderApp('/account/faq');
    await screen.findByTestId('faq');
    const [first, second, , last] = questions();
    first!.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(last).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(last).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
  });

  it('filters questions and answers as the partner types, marks the words and opens the matches', async () => {
    const { user } = renderApp('/account/faq');
    const search = await screen.findByRole('searchbox', { name: 'Search the FAQ' });
    // Accents and case do not matter: "PAYPAL" finds "PayPal" in two answers.
    await user.type(search, 'PAYPAL');
    expect(questions().map((q) => q.textContent)).toEqual([
      'What is the minimum payout?',
      'Can I be paid another way?',
    ]);
    for (const question of questions()) expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('faq-status')).toHaveTextContent('2 answers match');
    expect(screen.getAllByText('PayPal', { selector: 'mark' })).toHaveLength(2);
    // Only the groups that still hold a question.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Cash-out']);

    await user.clear(search);
    await user.type(search, 'clôse');
    expect(questions().map((q) => q.textContent)).toEqual(['How do I close my account?']);
    expect(screen.getByText('close', { selector: 'mark' })).toBeInTheDocument();
  });

  it('says when no answer matches, with a way to write to the team and to clear the search', async () => {
    const { user } = renderApp('/account/faq');
    const search = await screen.findByRole('searchbox', { name: 'Search the FAQ' });
    await user.type(search, 'bitcoin');
    const none = screen.getByTestId('faq-no-match');
    expect(none).toHaveTextContent('No answer matches “bitcoin”');
    expect(within(none).getByRole('link', { name: 'Write to the partner team' })).toHaveAttribute(
      'href',
      'mailto:partners@sunbite.example',
    );
    await user.click(within(none).getByRole('button', { name: 'Clear the search' }));
    expect(search).toHaveValue('');
    expect(questions()).toHaveLength(4);
  });

  it('opens the question a link points at', async () => {
    window.history.replaceState(null, '', '/account/faq#paypal-only');
    try {
      renderApp('/account/faq#paypal-only');
      expect(await screen.findByRole('button', { name: 'Can I be paid another way?' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(screen.getByRole('button', { name: 'What is the minimum payout?' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('long-form pages', () => {
  beforeEach(() => signInForTest('partner-token'));

  it('renders the terms with a table of contents, the effective date, lists, do and dont, notes and bold', async () => {
    renderApp('/account/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of the ambassador program' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The agreement between you and Sunbite.')).toBeInTheDocument();
    expect(screen.getByTestId('effective-date')).toHaveTextContent('Effective November 22, 2026');

    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Eligibility', '#eligibility'],
      ['Disclosure', '#disclosure'],
      ['Payouts', '#payouts'],
    ]);
    const eligibility = screen.getByRole('region', { name: 'Eligibility' });
    expect(eligibility).toHaveAttribute('id', 'eligibility');
    expect(within(eligibility).getByText('18 or over', { selector: 'strong' })).toBeInTheDocument();
    // No "**" reaches the reader.
    expect(eligibility).not.toHaveTextContent('**');
    expect(within(eligibility).getAllByRole('listitem')).toHaveLength(2);

    const disclosure = screen.getByRole('region', { name: 'Disclosure' });
    expect(within(disclosure).getByTestId('block-do')).toHaveTextContent('DoStart with #Ad');
    expect(within(disclosure).getByTestId('block-dont')).toHaveTextContent(
      'Don’tHide the disclosure in a comment',
    );
    // Do and don't side by side.
    expect(within(disclosure).getByTestId('block-do').parentElement).toHaveClass('md:grid-cols-2');
    expect(within(disclosure).getByRole('note', { name: 'Note' })).toHaveTextContent(
      'The FTC rules apply to every post.',
    );
    const payouts = screen.getByRole('region', { name: 'Payouts' });
    expect(within(payouts).getByRole('list').tagName).toBe('OL');
    await waitFor(() => expect(document.title).toBe('Terms of the ambassador program · Sunbite Partners'));
  });

  it('shows the week’s best posting times with the post guide', async () => {
    renderApp('/account/crafting_perfect_post');
    const chart = await screen.findByTestId('posting-times');
    // Right after "Time your post".
    expect(screen.getByRole('region', { name: 'Time your post' })).toContainElement(chart);
    expect(chart).toHaveTextContent('Around 9 AM, around 1 PM and from 6 PM to 11 PM, Monday to Friday.');
    expect(chart).toHaveTextContent('Instagram is busiest from 12 PM to 1 PM on weekdays.');
    const days = within(chart).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent(
      'Monday: about 9 AM, 12 PM to 1 PM, Instagram’s busiest hour, about 1 PM, 6 PM to 11 PM',
    );
    expect(days[6]).toHaveTextContent('Sunday: no set peak, follow your audience');
  });

  it('writes the chart’s times in French as the guide does (“9 h”, “12 h à 13 h”), unbroken', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/crafting_perfect_post');
    const chart = await screen.findByTestId('posting-times');
    expect(chart.textContent).toContain('Vers 9\u00A0h, vers 13\u00A0h et de 18\u00A0h à 23\u00A0h');
    expect(chart.textContent).toContain('de 12\u00A0h à 13\u00A0h en semaine');
  });

  it('speaks French: the page asked for and shown in French, the date in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/terms');
    expect(await screen.findByTestId('effective-date')).toHaveTextContent('En vigueur le 22 novembre 2026');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Conditions des ambassadeurs' }),
    ).toBeInTheDocument();
    expect(screen.getByText('L’entente entre vous et Sunbite.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sur cette page' })).toBeInTheDocument();
    expect(screen.getByTestId('block-do')).toHaveTextContent('À faire');
    expect(fake.fetch).toHaveBeenCalledWith('/api/pages/terms?locale=fr', expect.anything());
  });

  it('says so when a page cannot be loaded', async () => {
    fake.on('GET /api/pages/terms', () => jsonResponse(503, { code: 503, message: 'Updating' }));
    renderApp('/account/terms');
    expect(await screen.findByTestId('load-failed')).toHaveTextContent('This page could not be loaded.');
    // The route's own title stays.
    expect(screen.getByRole('heading', { level: 1, name: 'Brand ambassador terms' })).toBeInTheDocument();
  });
});

describe('/terms and /policy (public)', () => {
  it('reads the terms signed out with the public client credential, in the document layout', async () => {
    renderApp('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of the ambassador program' }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-layout="document"]')).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeInTheDocument();
    const headers = new Headers(fake.lastInit('GET /api/pages/terms')?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${TEST_PUBLIC_CLIENT}`);
  });

  it('stays on the page, without an alert, when the policy cannot be loaded', async () => {
    const { router } = renderApp('/policy');
    expect(await screen.findByTestId('load-failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/policy');
  });
});
