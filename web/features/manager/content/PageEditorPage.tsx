// /manager/content/pages/:slug/:locale: one of the five pages in one locale: title, lead, the
// effective date (terms, policy), and its sections, each a heading with an anchor, a group for
// the FAQ's questions, and its blocks (paragraph, list, do, don't, note).
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isPageSlug,
  PAGE_VARIABLES,
  pageContentSchema,
  type PageBlock,
  type PageContent,
  type PageSlug,
} from '../../../../common/content';
import { isLocale, type Locale } from '../../../../common/i18n';
import { inputClass } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { EntryEditor, type EditorFormProps } from './EntryEditor';
import { ListEditor } from './editor-ui';
import { PagePreview } from './previews';
import { errorsUnder, type FieldErrors } from './validation';
import { ErrorText, TextArea, TextInput } from '../../../components/staff/fields';

type Section = PageContent['sections'][number];
type BlockType = PageBlock['type'];
const BLOCK_TYPES: readonly BlockType[] = ['p', 'list', 'do', 'dont', 'note'];

const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** Program values a text names that do not exist (a typo): the server refuses to serve them. */
function unknownVariables(text: string): string[] {
  return [...text.matchAll(VARIABLE)]
    .map((match) => match[1] ?? '')
    .filter((name) => !(PAGE_VARIABLES as readonly string[]).includes(name));
}

/** Every text of the page by its path, for the checks the schema cannot make. */
function pageTexts(page: PageContent): [string, string][] {
  const texts: [string, string][] = [
    ['title', page.title],
    ['lead', page.lead],
  ];
  page.sections.forEach((section, s) => {
    texts.push([`sections.${s}.heading`, section.heading]);
    if (section.group !== undefined) texts.push([`sections.${s}.group`, section.group]);
    section.blocks.forEach((block, b) => {
      if ('text' in block) texts.push([`sections.${s}.blocks.${b}.text`, block.text]);
      else block.items.forEach((item, i) => texts.push([`sections.${s}.blocks.${b}.items.${i}`, item]));
    });
  });
  return texts;
}

/** An anchor from a heading: "Comment suis-je payé ?" → "comment-suis-je-paye". */
export function anchorFrom(heading: string, taken: readonly string[]): string {
  const base =
    heading
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'section';
  let anchor = base;
  for (let n = 2; taken.includes(anchor); n++) anchor = `${base}-${n}`;
  return anchor;
}

/** The same words in another kind of block: a paragraph's text becomes a list's one item, and back. */
export function convertBlock(block: PageBlock, type: BlockType): PageBlock {
  const text = 'text' in block ? block.text : block.items.join(' ');
  const items = 'items' in block ? block.items : block.text ? [block.text] : [''];
  switch (type) {
    case 'p':
    case 'note':
      return { type, text };
    case 'list':
      return { type, items, ...(block.type === 'list' && block.ordered ? { ordered: true } : {}) };
    case 'do':
    case 'dont':
      return { type, items };
  }
}

function BlockEditor({
  block,
  onChange,
  errors,
}: {
  block: PageBlock;
  onChange: (block: PageBlock) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const id = useId();
  const itemErrors = Object.entries(errors)
    .filter(([path]) => /^items\.\d+$/.test(path))
    .map(([path, message]) =>
      t('manager.content.page.line_error', { n: Number(path.slice(6)) + 1, message }),
    );
  return (
    <div className="space-y-2.5">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label
            htmlFor={`${id}-type`}
            className="mb-1 block text-xs font-medium text-stone-700 dark:text-stone-300"
          >
            {t('manager.content.page.block_type')}
          </label>
          <select
            id={`${id}-type`}
            value={block.type}
            onChange={(event) => onChange(convertBlock(block, event.target.value as BlockType))}
            className={`${inputClass} border-stone-300 py-2 dark:border-stone-700`}
            data-testid="block-type"
          >
            {BLOCK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`manager.content.page.block_types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {block.type === 'list' ? (
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={block.ordered === true}
              onChange={(event) =>
                onChange(
                  event.target.checked ? { ...block, ordered: true } : { type: 'list', items: block.items },
                )
              }
              className="h-4 w-4 accent-brand-700 dark:accent-brand-400"
            />
            {t('manager.content.page.ordered')}
          </label>
        ) : null}
      </div>
      {'text' in block ? (
        <TextArea
          label={t('manager.content.page.block_text')}
          value={block.text}
          onValue={(text) => onChange({ ...block, text })}
          error={errors.text}
          rows={3}
        />
      ) : (
        <TextArea
          label={t('manager.content.page.block_items')}
          hint={t('manager.content.page.block_items_hint')}
          value={block.items.join('\n')}
          // Empty lines stay while typing (a new line is an empty item at first); the check names them.
          onValue={(value) => onChange({ ...block, items: value.split('\n') })}
          error={[errors.items, ...itemErrors].filter(Boolean).join(' ') || null}
          rows={Math.min(8, Math.max(3, block.items.length + 1))}
        />
      )}
    </div>
  );
}

function SectionEditor({
  section,
  index,
  slug,
  groups,
  takenAnchors,
  onChange,
  errors,
}: {
  section: Section;
  index: number;
  slug: PageSlug;
  groups: string[];
  takenAnchors: string[];
  onChange: (section: Section) => void;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const id = useId();
  // A new section opens for writing; the page's existing ones stay folded to keep it short.
  const [open, setOpen] = useState(section.heading === '');
  const faulty = Object.keys(errors).length > 0;
  const expanded = open || faulty;
  const faq = slug === 'faq';
  return (
    <div>
      <button
        type="button"
        className="flex w-full items-start gap-2 rounded-lg py-1 text-left text-sm font-semibold text-stone-900 hover:text-brand-700 dark:text-stone-100 dark:hover:text-brand-300"
        aria-expanded={expanded}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!expanded)}
        data-testid="section-toggle"
      >
        <Icon
          name="chevron"
          width={18}
          height={18}
          className={`mt-0.5 shrink-0 transition-transform ${expanded ? 'rotate-90' : ''}`}
        />
        <span className="min-w-0 flex-1">
          {section.heading || (
            <span className="text-stone-500 italic dark:text-stone-400">
              {t('manager.content.page.untitled')}
            </span>
          )}
          {faq && section.group ? (
            <span className="mt-0.5 block text-xs font-medium text-stone-500 dark:text-stone-400">
              {section.group}
            </span>
          ) : null}
        </span>
        {faulty ? (
          <span className="shrink-0 text-xs font-semibold text-red-700 dark:text-red-300">
            {t('manager.content.page.has_errors')}
          </span>
        ) : null}
      </button>
      <div id={`${id}-body`} hidden={!expanded} className="mt-3 space-y-3">
        <TextInput
          label={faq ? t('manager.content.page.question') : t('manager.content.page.heading')}
          value={section.heading}
          onValue={(heading) => onChange({ ...section, heading })}
          // A new section's anchor follows its first heading; an existing anchor never moves by itself.
          onBlur={() => {
            if (!section.id && section.heading.trim())
              onChange({ ...section, id: anchorFrom(section.heading, takenAnchors) });
          }}
          error={errors.heading}
          data-testid={`section-${index}-heading`}
        />
        <div className={`grid gap-3 ${faq ? 'sm:grid-cols-2' : ''}`}>
          <TextInput
            label={t('manager.content.page.anchor')}
            hint={t('manager.content.page.anchor_hint', { anchor: section.id || 'how-to-get-paid' })}
            value={section.id}
            onValue={(anchor) => onChange({ ...section, id: anchor.trim() })}
            error={errors.id}
            spellCheck={false}
            autoComplete="off"
          />
          {faq ? (
            <>
              <TextInput
                label={t('manager.content.page.group')}
                hint={t('manager.content.page.group_hint')}
                value={section.group ?? ''}
                onValue={(group) => {
                  const { group: _old, ...rest } = section;
                  onChange(group ? { ...rest, group } : rest);
                }}
                error={errors.group}
                list={`${id}-groups`}
              />
              <datalist id={`${id}-groups`}>
                {groups.map((group) => (
                  <option key={group} value={group} />
                ))}
              </datalist>
            </>
          ) : null}
        </div>
        <ListEditor
          label={faq ? t('manager.content.page.answer') : t('manager.content.page.blocks')}
          items={section.blocks}
          onChange={(blocks) => onChange({ ...section, blocks })}
          newItem={(): PageBlock => ({ type: 'p', text: '' })}
          itemName={(n) => t('manager.content.page.block_n', { n: n + 1 })}
          addLabel={t('manager.content.page.add_block')}
          error={errors.blocks}
          testId={`section-${index}-blocks`}
          renderItem={(block, n, update) => (
            <BlockEditor block={block} onChange={update} errors={errorsUnder(errors, `blocks.${n}`)} />
          )}
        />
      </div>
    </div>
  );
}

function PageForm({ draft, onChange, errors, slug }: EditorFormProps<PageContent> & { slug: PageSlug }) {
  const { t } = useTranslation();
  const dateId = useId();
  const faq = slug === 'faq';
  const groups = [...new Set(draft.sections.flatMap((section) => (section.group ? [section.group] : [])))];
  return (
    <>
      <section className="space-y-4" aria-labelledby="editor-page-basics">
        <h2 id="editor-page-basics" className="text-base font-semibold tracking-tight">
          {t('manager.content.page.basics')}
        </h2>
        <TextInput
          label={t('manager.content.page.title')}
          value={draft.title}
          onValue={(title) => onChange({ ...draft, title })}
          error={errors.title}
          data-testid="field-title"
        />
        <TextArea
          label={t('manager.content.page.lead')}
          value={draft.lead}
          onValue={(lead) => onChange({ ...draft, lead })}
          error={errors.lead}
          rows={3}
          data-testid="field-lead"
        />
        <div>
          <label
            htmlFor={dateId}
            className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
          >
            {t('manager.content.page.effective_date')}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={dateId}
              type="date"
              value={draft.effective_date ?? ''}
              onChange={(event) => {
                const { effective_date: _old, ...rest } = draft;
                onChange(event.target.value ? { ...rest, effective_date: event.target.value } : rest);
              }}
              aria-invalid={errors.effective_date ? true : undefined}
              aria-describedby={`${dateId}-hint`}
              className={`${inputClass} w-auto ${errors.effective_date ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
              data-testid="field-effective-date"
            />
          </div>
          <p id={`${dateId}-hint`} className="mt-1.5 text-xs text-muted">
            {t('manager.content.page.effective_hint')}
          </p>
          <ErrorText message={errors.effective_date} />
        </div>
      </section>
      <ListEditor
        label={faq ? t('manager.content.page.questions') : t('manager.content.page.sections')}
        items={draft.sections}
        onChange={(sections) => onChange({ ...draft, sections })}
        newItem={(): Section => ({ id: '', heading: '', blocks: [{ type: 'p', text: '' }] })}
        itemName={(index) =>
          faq
            ? t('manager.content.page.question_n', { n: index + 1 })
            : t('manager.content.page.section_n', { n: index + 1 })
        }
        addLabel={faq ? t('manager.content.page.add_question') : t('manager.content.page.add_section')}
        error={errors.sections}
        testId="sections"
        renderItem={(section, index, update) => (
          <SectionEditor
            section={section}
            index={index}
            slug={slug}
            groups={groups}
            takenAnchors={draft.sections.filter((_, i) => i !== index).map((each) => each.id)}
            onChange={update}
            errors={errorsUnder(errors, `sections.${index}`)}
          />
        )}
      />
      <ErrorText message={errors['']} />
    </>
  );
}

function PageHelp() {
  const { t } = useTranslation();
  return (
    <details className="card group p-4 text-sm sm:p-5" data-testid="page-help">
      <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold">
        <Icon name="info" width={18} height={18} className="text-brand-700 dark:text-brand-300" />
        {t('manager.content.page.help_title')}
        <Icon
          name="chevron"
          width={16}
          height={16}
          className="ml-auto transition-transform group-open:rotate-90"
        />
      </summary>
      <div className="mt-3 space-y-3 text-stone-700 dark:text-stone-300">
        <p>{t('manager.content.page.help_variables')}</p>
        <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-[auto_minmax(0,1fr)]">
          {PAGE_VARIABLES.map((name) => (
            <div key={name} className="contents">
              <dt>
                <code className="rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-100">
                  {`{{${name}}}`}
                </code>
              </dt>
              <dd className="mb-1 text-stone-600 sm:mb-0 dark:text-stone-400">
                {t(`manager.content.page.variables.${name}`)}
              </dd>
            </div>
          ))}
        </dl>
        <p>{t('manager.content.page.help_bold')}</p>
      </div>
    </details>
  );
}

export function PageEditorPage() {
  const { t } = useTranslation();
  const params = useParams();
  const slug = params.slug ?? '';
  const locale = params.locale ?? '';
  const known = isPageSlug(slug) && isLocale(locale);
  const pageName = isPageSlug(slug) ? t(`titles.${slug}`) : slug;
  useDocumentTitle(
    t('titles.manager_content_page', {
      name: pageName,
      locale: isLocale(locale) ? t(`manager.content.locales.${locale}`) : locale,
    }),
  );
  if (!known) return <NotFoundContent homeHref="/manager/content/pages" />;
  const pageLocale: Locale = locale;
  const variableProblems = (draft: PageContent): FieldErrors => {
    const errors: FieldErrors = {};
    for (const [path, text] of pageTexts(draft)) {
      const unknown = unknownVariables(text);
      if (unknown.length)
        errors[path] = t('manager.content.errors.unknown_variable', {
          names: unknown.map((name) => `{{${name}}}`).join(', '),
        });
    }
    return errors;
  };
  return (
    <EntryEditor
      key={`${slug}/${locale}`}
      kind="pages"
      id={slug}
      locale={pageLocale}
      schema={pageContentSchema}
      title={() =>
        t('manager.content.editor.title', { name: pageName, locale: t(`manager.content.locales.${locale}`) })
      }
      back={{ to: '/manager/content/pages', label: t('manager.content.page.back') }}
      pathFor={(other) => `/manager/content/pages/${slug}/${other}`}
      help={<PageHelp />}
      extraErrors={variableProblems}
      renderForm={(props) => <PageForm {...props} slug={slug} />}
      renderPreview={(body) => <PagePreview slug={slug} body={body} lang={locale} />}
    />
  );
}
