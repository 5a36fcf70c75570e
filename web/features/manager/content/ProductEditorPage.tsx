// /manager/content/products/:code/:locale: a product's talking points in one locale. Each ready
// caption is run through the partner's caption check as it is typed (with a sample code in place
// of {code}), so a caption the partners would be told to fix never reaches them.
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkCaption, type CaptionCheckResult } from '../../../../common/caption-check';
import { HASHTAG_RULES, productContentSchema, type ProductContent } from '../../../../common/content';
import { isLocale, type Locale } from '../../../../common/i18n';
import { isProductCode } from '../../../../common/products';
import { useDocumentTitle } from '../../../lib/document-title';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { useCompetitors } from '../content-api';
import { EntryEditor, type EditorFormProps } from './EntryEditor';
import { ListEditor, TagInput } from './editor-ui';
import { ProductPreview, SAMPLE_CODE } from './previews';
import { errorsUnder, type FieldErrors } from './validation';
import { ErrorText, TextArea, TextInput } from '../../../components/staff/fields';

type CaptionRuleKey = CaptionCheckResult['findings'][number]['rule'];

/** The caption check of one ready caption, as a partner would get it with their own code. */
export function checkReadyCaption(
  caption: string,
  draft: ProductContent,
  locale: Locale,
  competitors: readonly string[],
): CaptionCheckResult {
  return checkCaption({
    text: caption.split(HASHTAG_RULES.codePlaceholder).join(SAMPLE_CODE),
    code: SAMPLE_CODE,
    locale,
    product: { name: draft.name, benefits: draft.benefits },
    competitors,
  });
}

function CaptionCheck({ result, testId }: { result: CaptionCheckResult; testId: string }) {
  const { t } = useTranslation();
  const failing = result.findings.filter((finding) => !finding.ok);
  if (failing.length === 0)
    return (
      <p
        className="mt-2 flex items-center gap-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-300"
        data-testid={testId}
        data-ok="true"
      >
        <span aria-hidden="true">✓</span>
        {t('manager.content.product.check_ok')}
      </p>
    );
  return (
    <ul className="mt-2 space-y-1 text-xs" data-testid={testId} data-ok="false">
      {failing.map((finding) => {
        const words = [...new Set(finding.matches.map((match) => match.text))];
        const blocking = finding.severity === 'error';
        return (
          <li
            key={finding.rule}
            className={`flex items-start gap-1.5 ${
              blocking ? 'text-red-700 dark:text-red-300' : 'text-amber-800 dark:text-amber-300'
            }`}
            data-rule={finding.rule}
          >
            <span aria-hidden="true" className="font-bold">
              {blocking ? '✗' : '!'}
            </span>
            <span>
              <span className="font-semibold">
                {t(`manager.content.product.rules.${finding.rule as CaptionRuleKey}`)}
              </span>
              {words.length ? ` · ${words.map((word) => `“${word}”`).join(', ')}` : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ProductForm({
  draft,
  onChange,
  errors,
  locale,
  competitors,
}: EditorFormProps<ProductContent> & { locale: Locale; competitors: readonly string[] }) {
  const { t } = useTranslation();
  const set = <Key extends keyof ProductContent>(key: Key, value: ProductContent[Key]) =>
    onChange({ ...draft, [key]: value });
  const heading = 'text-base font-semibold tracking-tight';
  return (
    <>
      <section className="space-y-4" aria-labelledby="editor-product-basics">
        <h2 id="editor-product-basics" className={heading}>
          {t('manager.content.product.basics')}
        </h2>
        <TextInput
          label={t('manager.content.product.name')}
          value={draft.name}
          onValue={(value) => set('name', value)}
          error={errors.name}
          maxLength={80}
          data-testid="field-name"
        />
        <TextArea
          label={t('manager.content.product.subtitle')}
          value={draft.subtitle}
          onValue={(value) => set('subtitle', value)}
          error={errors.subtitle}
          rows={2}
          data-testid="field-subtitle"
        />
      </section>

      <ListEditor
        label={t('manager.content.product.benefits')}
        hint={t('manager.content.product.benefits_hint')}
        items={draft.benefits}
        onChange={(benefits) => set('benefits', benefits)}
        newItem={() => ({ text: '', ingredient: '' })}
        itemName={(index) => t('manager.content.product.benefit_n', { n: index + 1 })}
        min={3}
        max={5}
        addLabel={t('manager.content.product.add_benefit')}
        error={errors.benefits}
        testId="benefits"
        renderItem={(benefit, index, update) => (
          <div className="grid gap-2.5">
            <TextArea
              label={t('manager.content.product.benefit_text')}
              value={benefit.text}
              onValue={(text) => update({ ...benefit, text })}
              error={errors[`benefits.${index}.text`]}
              rows={2}
            />
            <TextInput
              label={t('manager.content.product.ingredient')}
              value={benefit.ingredient}
              onValue={(ingredient) => update({ ...benefit, ingredient })}
              error={errors[`benefits.${index}.ingredient`]}
            />
          </div>
        )}
      />

      <ListEditor
        label={t('manager.content.product.caption_ideas')}
        items={draft.caption_ideas}
        onChange={(ideas) => set('caption_ideas', ideas)}
        newItem={() => ''}
        itemName={(index) => t('manager.content.product.idea_n', { n: index + 1 })}
        min={3}
        max={5}
        addLabel={t('manager.content.product.add_idea')}
        error={errors.caption_ideas}
        testId="ideas"
        renderItem={(idea, index, update) => (
          <TextArea
            label={t('manager.content.product.idea_n', { n: index + 1 })}
            hiddenLabel
            value={idea}
            onValue={update}
            error={errors[`caption_ideas.${index}`]}
            rows={2}
          />
        )}
      />

      <ListEditor
        label={t('manager.content.product.captions')}
        hint={t('manager.content.product.captions_hint', {
          code: HASHTAG_RULES.codePlaceholder,
          sample: SAMPLE_CODE,
          count: HASHTAG_RULES.disclosureWithin,
        })}
        items={draft.captions}
        onChange={(captions) => set('captions', captions)}
        newItem={() => ''}
        itemName={(index) => t('manager.content.product.caption_n', { n: index + 1 })}
        min={3}
        max={4}
        addLabel={t('manager.content.product.add_caption')}
        error={errors.captions}
        testId="captions"
        renderItem={(caption, index, update) => {
          const missingCode = !caption.includes(HASHTAG_RULES.codePlaceholder);
          return (
            <div>
              <TextArea
                label={t('manager.content.product.caption_n', { n: index + 1 })}
                hiddenLabel
                value={caption}
                onValue={update}
                error={errors[`captions.${index}`]}
                rows={4}
                data-testid={`caption-${index}`}
              />
              <div className="flex flex-wrap items-start justify-between gap-x-3">
                <CaptionCheck
                  result={checkReadyCaption(caption, draft, locale, competitors)}
                  testId={`caption-check-${index}`}
                />
                <span className="mt-2 flex items-center gap-2">
                  {missingCode ? (
                    <button
                      type="button"
                      className="rounded-full px-2 py-0.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-400/10"
                      onClick={() =>
                        update(`${caption.trimEnd()} ${HASHTAG_RULES.codePlaceholder}`.trimStart())
                      }
                    >
                      {t('manager.content.product.insert_code', { code: HASHTAG_RULES.codePlaceholder })}
                    </button>
                  ) : null}
                  <span className="text-xs text-stone-500 tabular-nums dark:text-stone-400">
                    {t('manager.content.product.characters', { count: caption.length })}
                  </span>
                </span>
              </div>
            </div>
          );
        }}
      />

      <section className="space-y-4" aria-labelledby="editor-product-hashtags">
        <h2 id="editor-product-hashtags" className={heading}>
          {t('manager.content.product.hashtags')}
        </h2>
        <TagInput
          label={t('manager.content.product.required_hashtags')}
          hint={t('manager.content.product.required_hint', {
            brand: HASHTAG_RULES.brand,
            disclosures: HASHTAG_RULES.disclosures.join(', '),
          })}
          value={draft.required_hashtags}
          onChange={(tags) => set('required_hashtags', tags)}
          errors={errorsUnder(errors, 'required_hashtags')}
          hashtags
          testId="required-hashtags"
        />
        <TagInput
          label={t('manager.content.product.popular_hashtags')}
          hint={t('manager.content.product.popular_hint')}
          value={draft.popular_hashtags}
          onChange={(tags) => set('popular_hashtags', tags)}
          errors={errorsUnder(errors, 'popular_hashtags')}
          hashtags
          testId="popular-hashtags"
        />
      </section>
      <ErrorText message={errors['']} />
    </>
  );
}

export function ProductEditorPage() {
  const { t } = useTranslation();
  const params = useParams();
  const code = params.code ?? '';
  const locale = params.locale ?? '';
  const known = isProductCode(code) && isLocale(locale);
  const competitors = useCompetitors();
  const productName = known ? t(`products.${code}.name`) : code;
  useDocumentTitle(
    t('titles.manager_content_product', {
      name: productName,
      locale: isLocale(locale) ? t(`manager.content.locales.${locale}`) : locale,
    }),
  );
  if (!known) return <NotFoundContent homeHref="/manager/content" />;
  const names = competitors.data ?? [];
  const captionProblems = (draft: ProductContent): FieldErrors => {
    const errors: FieldErrors = {};
    draft.captions.forEach((caption, index) => {
      if (!checkReadyCaption(caption, draft, locale, names).ok)
        errors[`captions.${index}`] = t('manager.content.product.check_blocks');
    });
    return errors;
  };
  return (
    <EntryEditor
      // A new product or locale is a new editor: nothing of the last one's draft carries over.
      key={`${code}/${locale}`}
      kind="products"
      id={code}
      locale={locale}
      schema={productContentSchema}
      title={(body) =>
        t('manager.content.editor.title', {
          name: body?.name ?? productName,
          locale: t(`manager.content.locales.${locale}`),
        })
      }
      back={{ to: '/manager/content', label: t('manager.content.product.back') }}
      pathFor={(other) => `/manager/content/products/${code}/${other}`}
      extraErrors={captionProblems}
      renderForm={(props) => <ProductForm {...props} locale={locale} competitors={names} />}
      renderPreview={(body) => <ProductPreview code={code} body={body} lang={locale} />}
    />
  );
}
