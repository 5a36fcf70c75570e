import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkCaption } from '../../../common/caption-check';
import type { PageDocument } from '../../../common/contracts/content';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;
let requests: { text: string; product?: string; locale?: 'en' | 'fr' }[];

const GUIDELINES: PageDocument = {
  slug: 'post_guidelines',
  updated_at: '2026-03-01T10:00:00.000Z',
  title: 'Post guidelines',
  lead: 'The rules every sponsored post follows.',
  sections: [
    {
      id: 'include-your-promo-code',
      heading: '1. Include your promo code',
      blocks: [{ type: 'p', text: 'Always.' }],
    },
    {
      id: 'required-hashtags',
      heading: '2. Include the required hashtags',
      blocks: [{ type: 'p', text: 'Both.' }],
    },
  ],
};

const BENEFITS = [
  { text: 'Melatonin supports a restful night', ingredient: 'Melatonin' },
  { text: 'Chamomile helps you wind down', ingredient: 'Chamomile' },
  { text: 'Magnesium supports relaxation', ingredient: 'Magnesium' },
];

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  requests = [];
  fake.on('GET /api/pages/post_guidelines', () => jsonResponse(200, { data: GUIDELINES }));
  // The server's answer, made by the same engine the server runs, for the partner MAYA15.
  fake.on('POST /api/caption-check', ({ body }) => {
    const request = body as { text: string; product?: string; locale?: 'en' | 'fr' };
    requests.push(request);
    return jsonResponse(200, {
      data: checkCaption({
        text: request.text,
        code: 'MAYA15',
        locale: request.locale ?? 'en',
        competitors: ['Gummy Giant'],
        ...(request.product ? { product: { name: 'Dreamy Sleep', benefits: BENEFITS } } : {}),
      }),
    });
  });
});

const draft = () => screen.getByRole('textbox', { name: 'Your draft caption' }) as HTMLTextAreaElement;
const rule = (id: string) => screen.getByTestId(`rule-${id}`);

async function openGuidelines() {
  const view = renderApp('/account/post_guidelines');
  await screen.findByTestId('caption-check');
  return view;
}

describe('caption check', () => {
  it('checks the draft as the partner types, once typing pauses, and shows each rule', async () => {
    const { user } = await openGuidelines();
    expect(screen.getByTestId('caption-summary')).toHaveTextContent(
      'Paste a draft to check it against each rule.',
    );
    expect(rule('promo_code')).toHaveAttribute('data-state', 'waiting');

    await user.type(draft(), 'Loving these gummies');
    await waitFor(() => expect(rule('promo_code')).toHaveAttribute('data-state', 'error'));
    // One request for the whole burst of typing, in the interface's language.
    expect(requests).toEqual([{ text: 'Loving these gummies', locale: 'en' }]);
    expect(rule('promo_code')).toHaveTextContent('Add your promo code');
    expect(rule('brand_hashtag')).toHaveAttribute('data-state', 'error');
    expect(rule('disclosure')).toHaveAttribute('data-state', 'error');
    expect(rule('disease_claim')).toHaveAttribute('data-state', 'ok');
    expect(rule('disease_claim')).toHaveTextContent(
      'No word claims to cure, treat, prevent, diagnose or heal.',
    );
    expect(rule('media_reminder')).toHaveAttribute('data-state', 'info');
    // promo code, brand hashtag, disclosure, disclosure before the cut.
    expect(screen.getByTestId('caption-announcement')).toHaveTextContent('4 things to fix before you post');
    expect(screen.getByTestId('caption-counter')).toHaveTextContent('20 / 2200');
  });

  it('marks the words at fault in the draft and removes one with a click', async () => {
    const { user } = await openGuidelines();
    await user.type(draft(), '#Ad #SunbitePartner These gummies cure everything. Code MAYA15');
    await waitFor(() => expect(rule('disease_claim')).toHaveAttribute('data-state', 'error'));
    expect(within(rule('disease_claim')).getByText('cure', { selector: 'mark' })).toBeInTheDocument();
    const marks = screen.getByTestId('caption-marks').querySelectorAll('mark[data-tone="error"]');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['cure']);
    expect(screen.getByTestId('caption-announcement')).toHaveTextContent('1 thing to fix before you post');

    await user.click(screen.getByRole('button', { name: 'Remove “cure”' }));
    expect(draft()).toHaveValue('#Ad #SunbitePartner These gummies everything. Code MAYA15');
    expect(draft()).toHaveFocus();
    await waitFor(() => expect(rule('disease_claim')).toHaveAttribute('data-state', 'ok'));
    expect(screen.getByTestId('caption-announcement')).toHaveTextContent('Ready to post: every rule passes.');
    expect(screen.getByTestId('caption-marks').querySelectorAll('mark')).toHaveLength(0);
  });

  it('adds the code at the end and the disclosure at the start, one click each', async () => {
    const { user } = await openGuidelines();
    await user.type(draft(), 'Bedtime ritual #SunbitePartner');
    await waitFor(() => expect(rule('promo_code')).toHaveAttribute('data-state', 'error'));
    // A missing disclosure is also a late one: the same fix is offered once.
    expect(screen.getAllByRole('button', { name: 'Add “#Ad” at the start' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Add “MAYA15” at the end' }));
    expect(draft()).toHaveValue('Bedtime ritual #SunbitePartner MAYA15');
    await waitFor(() => expect(rule('promo_code')).toHaveAttribute('data-state', 'ok'));

    await user.click(screen.getByRole('button', { name: 'Add “#Ad” at the start' }));
    expect(draft()).toHaveValue('#Ad Bedtime ritual #SunbitePartner MAYA15');
    await waitFor(() => expect(rule('disclosure_early')).toHaveAttribute('data-state', 'ok'));
    expect(screen.getByTestId('caption-summary')).toHaveAttribute('data-tone', 'ok');

    await user.click(screen.getByRole('button', { name: 'Copy caption' }));
    expect(await navigator.clipboard.readText()).toBe('#Ad Bedtime ritual #SunbitePartner MAYA15');
  });

  it("matches claims against the product's benefits on its page and loads a ready caption", async () => {
    const detail = {
      code: 'sleep',
      name: 'Dreamy Sleep',
      image_url: '/api/media/sleep.webp',
      subtitle: 'Wind down.',
      benefits: BENEFITS,
      caption_ideas: ['a', 'b', 'c'],
      captions: [
        '#Ad #SunbitePartner Lights out, gummies in. Melatonin supports a restful night. Code MAYA15',
      ],
      required_hashtags: ['#SunbitePartner', '#Ad'],
      popular_hashtags: ['#Sleep', '#Bedtime', '#Rest', '#Calm', '#Sunbite'],
      kit_url: '/api/products/sleep/kit',
      promo_code: 'MAYA15',
      updated_at: '2026-03-01T10:00:00.000Z',
    };
    fake.on('GET /api/products/sleep', () => jsonResponse(200, { data: detail }));
    const { user } = renderApp('/account/products/sleep');
    await user.click(await screen.findByRole('button', { name: 'Try a ready caption' }));
    expect(draft()).toHaveValue(detail.captions[0]);
    await waitFor(() => expect(screen.getByTestId('caption-summary')).toHaveAttribute('data-tone', 'ok'));
    expect(requests.at(-1)).toEqual({ text: detail.captions[0], product: 'sleep', locale: 'en' });

    await user.clear(draft());
    await user.type(draft(), '#Ad #SunbitePartner MAYA15 These boost your immune system.');
    await waitFor(() => expect(rule('unapproved_claim')).toHaveAttribute('data-state', 'warning'));
    expect(screen.getByTestId('caption-announcement')).toHaveTextContent(
      'The required rules pass; 1 thing to look at.',
    );
    expect(screen.getByTestId('caption-marks').querySelector('mark[data-tone="warning"]')).toHaveTextContent(
      'These boost your immune system',
    );
  });

  it('does not send a draft over the Instagram limit and says by how much it is over', async () => {
    await openGuidelines();
    fireEvent.change(draft(), { target: { value: 'a'.repeat(2205) } });
    expect(await screen.findByTestId('caption-too-long')).toHaveTextContent(
      'Instagram cuts captions at 2200 characters: remove 5 to check it.',
    );
    expect(screen.getByTestId('caption-counter')).toHaveTextContent('2205 / 2200');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toEqual([]);
  });

  it('says when the check cannot run and runs it again on request', async () => {
    let fail = true;
    fake.on('POST /api/caption-check', ({ body }) => {
      if (fail) return jsonResponse(500, { code: 500, message: 'Internal error', id: 'e2' });
      const { text } = body as { text: string };
      return jsonResponse(200, {
        data: checkCaption({ text, code: 'MAYA15', locale: 'en', competitors: [] }),
      });
    });
    const { user } = await openGuidelines();
    await user.type(draft(), 'Hello');
    expect(
      await screen.findByText('The check could not run just now.', { selector: 'span' }),
    ).toBeInTheDocument();
    // The partner's own failure message, not the data-error alert: the panel handles it.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(rule('promo_code')).toHaveAttribute('data-state', 'error'));
  });

  it('speaks French: the rules in French, the draft checked in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = await openGuidelines();
    expect(screen.getByRole('heading', { level: 2, name: 'Vérifiez votre légende' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Essayer un brouillon avec des erreurs' }));
    await waitFor(() => expect(rule('disease_claim')).toHaveAttribute('data-state', 'error'));
    expect(requests.at(-1)?.locale).toBe('fr');
    expect(rule('disease_claim')).toHaveTextContent('Aucune allégation de maladie');
    expect(screen.getByRole('button', { name: 'Retirer «\u00a0guérissent\u00a0»' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter «\u00a0MAYA15\u00a0» à la fin' })).toBeInTheDocument();
    expect(screen.getByTestId('caption-announcement')).toHaveTextContent(
      'points à corriger avant de publier',
    );
  });

  it.each(['#Pub', '#Publicité', '#Publicite', '#Commandité', '#Partenariat', 'Partenariat rémunéré'])(
    'takes the French disclosure %s, in the French interface',
    async (disclosure) => {
      await i18n.changeLanguage('fr');
      await openGuidelines();
      fireEvent.change(screen.getByTestId('caption-draft'), {
        target: { value: `${disclosure} Mes jujubes du soir MAYA15 #SunbitePartner` },
      });
      await waitFor(() => expect(rule('disclosure')).toHaveAttribute('data-state', 'ok'));
      expect(rule('disclosure_early')).toHaveAttribute('data-state', 'ok');
      expect(screen.getByTestId('caption-summary')).toHaveAttribute('data-tone', 'ok');
      expect(requests.at(-1)?.locale).toBe('fr');
    },
  );

  it('offers #Publicité as the French fix, and names the French disclosures', async () => {
    await i18n.changeLanguage('fr');
    const { user } = await openGuidelines();
    fireEvent.change(screen.getByTestId('caption-draft'), {
      target: { value: 'Mes jujubes du soir MAYA15 #SunbitePartner' },
    });
    await waitFor(() => expect(rule('disclosure')).toHaveAttribute('data-state', 'error'));
    expect(rule('disclosure')).toHaveTextContent('#Commandité');
    expect(rule('disclosure')).toHaveTextContent('Partenariat rémunéré');
    await user.click(screen.getByRole('button', { name: 'Ajouter «\u00a0#Publicité\u00a0» au début' }));
    expect(screen.getByTestId('caption-draft')).toHaveValue(
      '#Publicité Mes jujubes du soir MAYA15 #SunbitePartner',
    );
    await waitFor(() => expect(rule('disclosure')).toHaveAttribute('data-state', 'ok'));
  });
});
