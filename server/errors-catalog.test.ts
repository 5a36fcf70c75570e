// Errors by key (docs/decisions/064-errors-by-key.md): every key the server's code gives an error
// is a literal in the `api` section of both catalogs, and the error handler answers it as
// `error`, with its words in the visitor's language as `message`.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../common/i18n';
import { AppError, invalid, said } from './errors';
import { createTestApp } from './test/app';
import type { TestApp } from './test/app';
import { scanSource, serverSourceFiles } from './test/error-keys';
import type { KeySource, ScanCatalogs } from './test/error-keys';

const root = path.resolve(import.meta.dirname, '..');
const CATALOGS: ScanCatalogs = {
  api: { en: catalogs.en.portal.api, fr: catalogs.fr.portal.api },
  validation: { en: catalogs.en.portal.validation, fr: catalogs.fr.portal.validation },
};

// The keys written as something other than a literal, and where their literals are checked.
const KEY_SOURCES: KeySource[] = [
  {
    file: 'server/errors.ts',
    expression: 'key',
    why: 'the helpers’ key parameter: their calls (notFound, invalid) are checked, and its defaults are keys by type',
  },
  {
    file: 'server/i18n.ts',
    expression: 'message',
    why: 'localizeMessage says a message as an API message only once isApiMessageKey found it in the catalog',
  },
  {
    file: 'server/plugins/errors.ts',
    expression: 'answer.key',
    why: 'an AppError’s key (checked where it is made) or one of the handler’s own literals',
  },
  {
    file: 'server/plugins/errors.ts',
    expression: 'key',
    why: 'the raw socket’s answer: PROTOCOL_KEYS (typed) or a literal',
  },
  {
    file: 'server/modules/content/kit.ts',
    expression: '`content.kit.${key}`',
    why: 'KitKey is a leaf of api.content.kit by type; the catalogs’ parity is check-locales’',
  },
  {
    file: 'server/modules/accounts/service.ts',
    expression: 'key',
    followCallsOf: 'refuse',
    why: 'refuse(key): its calls are checked',
  },
  {
    file: 'server/modules/accounts/routes.ts',
    expression: 'key',
    followCallsOf: 'say',
    why: 'say(key): its calls are checked',
  },
  {
    file: 'server/modules/accounts/routes.ts',
    expression: 'result.message',
    why: 'resendVerification’s answer, typed ApiMessageKey: its literals are checked',
  },
  {
    file: 'server/modules/accounts/routes.ts',
    expression: 'await requestPasswordReset(ctx, request.body.email, request.ip, request.log)',
    why: 'answers ApiMessageKey: its literals are checked',
  },
  {
    file: 'server/modules/account-changes/routes.ts',
    expression: 'key',
    followCallsOf: 'say',
    why: 'say(key): its calls are checked',
  },
  {
    file: 'server/modules/marketplace/routes.ts',
    expression: 'key',
    why: 'from REFUSALS, typed with ApiMessageKey: its literals are checked',
  },
  {
    file: 'server/modules/payouts/service.ts',
    expression: /^BLOCKER_MESSAGES\.\w+$/,
    why: 'BLOCKER_MESSAGES is typed with ApiMessageKey: its literals are checked',
  },
  {
    file: 'server/modules/staff-admin/service.ts',
    expression: '(errors.role ?? errors.status)![0]',
    why: 'the first of the field messages just written as literals, checked there',
  },
];

describe('error keys in the server’s source', () => {
  const files = serverSourceFiles(root);
  const results = files.map((file) =>
    scanSource(file, fs.readFileSync(path.join(root, file), 'utf8'), CATALOGS, KEY_SOURCES),
  );

  it('finds the errors of the whole server', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('server/modules/payouts/paypal.ts');
    expect(files.some((file) => file.endsWith('.test.ts'))).toBe(false);
    const keys = results.flatMap((result) => result.keys);
    expect(keys.length).toBeGreaterThan(200);
    expect(
      keys.some(
        (use) =>
          use.startsWith('server/modules/vouchers/service.ts:') &&
          use.endsWith(' partner_admin.voucher_code_unavailable'),
      ),
    ).toBe(true);
  });

  it('gives every error a literal key that both catalogs hold', () => {
    expect(
      results.flatMap((result) => result.problems.map((p) => `${p.file}:${p.line} ${p.problem}`)),
    ).toEqual([]);
  });

  it('names no key source that is not met', () => {
    const used = new Set(results.flatMap((result) => [...result.sourcesUsed]));
    expect(
      KEY_SOURCES.filter((source) => !used.has(source)).map(
        (source) => `${source.file} ${String(source.expression)}`,
      ),
    ).toEqual([]);
  });
});

describe('the key scanner', () => {
  const scan = (text: string, catalogs: ScanCatalogs = CATALOGS) =>
    scanSource('server/modules/planted/service.ts', text, catalogs).problems.map(
      (p) => `${p.line} ${p.problem}`,
    );

  it('passes keys that both catalogs hold', () => {
    const text = [
      "import { AppError, invalid, notFound } from '../../errors';",
      "throw new AppError(409, 'content.upload_type');",
      "throw notFound('partner_admin.partner_not_found');",
      "throw invalid({ code: ['two_factor.wrong_code_field', 'max|100', sayKey('required')] }, 'two_factor.wrong_code_field');",
      "throw new AppError(422, ok ? 'form_invalid' : 'not_found', { errors: { email: ['email_taken'] } });",
    ].join('\n');
    expect(scan(text)).toEqual([]);
  });

  it('fails on a planted key no catalog holds, on English text and on a key that is no literal', () => {
    const text = [
      "import { AppError, invalid, notFound } from '../../errors';",
      "throw new AppError(409, 'content.no_such_key');",
      'throw notFound(message);',
      "throw invalid({ email: ['This e-mail is taken'] });",
      "errors.slug = ['subpartners.slug_tkaen'];",
      "const s = z.string().regex(/x/, 'The format is wrong');",
      'class Locked extends AppError { constructor() { super(409, text); } }',
      'throw new AppError(500);',
      "const TABLE: Record<Problem, ApiMessageKey> = { empty: 'marketplace.empty', bad: 'marketplace.no_such' };",
      "issue.addIssue({ code: 'custom', message: bad ? 'subpartners.slug_format' : 'Not a slug' });",
    ].join('\n');
    expect(scan(text)).toEqual([
      "2 'content.no_such_key' is not an API message key in en, fr",
      '3 the key `message` is not a literal',
      "4 'This e-mail is taken' is neither an API message key nor a validation key",
      "5 'subpartners.slug_tkaen' is neither an API message key nor a validation key",
      "6 'The format is wrong' is neither an API message key nor a validation key",
      '7 the key `text` is not a literal',
      '8 an AppError without a key',
      "9 'marketplace.no_such' is not an API message key in en, fr",
      "10 'Not a slug' is neither an API message key nor a validation key",
    ]);
  });

  it('fails on a key that only English holds', () => {
    const frenchless: ScanCatalogs = {
      ...CATALOGS,
      api: { en: { ...catalogs.en.portal.api, planted: 'Only in English' }, fr: catalogs.fr.portal.api },
    };
    expect(scan("throw new AppError(409, 'planted');", frenchless)).toEqual([
      "1 'planted' is not an API message key in fr",
    ]);
  });
});

describe('the error handler, by key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/test/keyed', async () => {
      throw new AppError(409, 'marketplace.reasons.date', { params: { value: '31/02' } });
    });
    t.app.get('/api/test/fields', async () => {
      throw invalid(
        { code: ['two_factor.wrong_code_field'], name: ['max|100'], scopes: [said('write_discounts')] },
        'two_factor.wrong_code_field',
      );
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the key as `error` and its words, with their values, in the visitor’s language', async () => {
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/test/keyed',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(fr.statusCode).toBe(409);
    expect(fr.json()).toEqual({
      code: 409,
      error: 'marketplace.reasons.date',
      message: catalogs.fr.portal.api.marketplace.reasons.date.replace('{{value}}', '31/02'),
    });
    expect(fr.json().message).toContain('31/02');
    const en = await t.app.inject({ method: 'GET', url: '/api/test/keyed' });
    expect(en.json()).toEqual({
      code: 409,
      error: 'marketplace.reasons.date',
      message: 'Not a date: “31/02”',
    });
  });

  it('says each field’s message by its key, and text in its final words as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/fields',
      headers: { 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 422,
      error: 'two_factor.wrong_code_field',
      message: catalogs.fr.portal.api.two_factor.wrong_code_field,
      errors: {
        code: [catalogs.fr.portal.api.two_factor.wrong_code_field],
        name: [catalogs.fr.portal.validation.max.replace('{{n}}', '100')],
        scopes: ['write_discounts'],
      },
    });
  });

  it('keeps the English words on the error itself, for the log', () => {
    const error = new AppError(404, 'partner_admin.partner_not_found');
    expect(error.key).toBe('partner_admin.partner_not_found');
    expect(error.message).toBe('No partner has this id');
  });
});
