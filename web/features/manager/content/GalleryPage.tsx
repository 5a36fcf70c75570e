// /manager/content/gallery: Grab and Go's images in the order partners see them. Staff upload
// (the server checks the bytes, re-encodes and strips metadata: docs/product/content.md#staff-edits), tag, describe,
// reorder and remove them. Reordering sends the whole order each time, so two moves never
// leave the server with a half-applied one.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GALLERY_FORMATS } from '../../../../common/content';
import { isLocale, type Locale } from '../../../../common/i18n';
import { isProductCode, PRODUCT_CODES } from '../../../../common/products';
import { inputClass } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { isUnauthorized } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { useFormatters } from '../../../lib/format';
import {
  MAX_UPLOAD_BYTES,
  serverFieldErrors,
  serverMessage,
  useDeleteImage,
  useGallery,
  useReorderGallery,
  useUpdateImage,
  useUploadImage,
  type StaffGalleryImage,
} from '../content-api';
import { ContentHeader } from './ContentNav';
import { moved, TagInput } from './editor-ui';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { Chip } from '../../../components/staff/chips';
import { ErrorText, Glyph, Notice, TextInput } from '../../../components/staff/fields';
import { ConfirmDialog, Dialog } from '../../../components/staff/dialogs';

const MB = 1024 * 1024;

function ProductSelect({
  value,
  onChange,
  testId,
}: {
  value: string | null;
  onChange: (product: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {t('manager.content.gallery.product')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className={`${inputClass} border-stone-300 dark:border-stone-700`}
        data-testid={testId}
      >
        <option value="">{t('manager.content.gallery.no_product')}</option>
        {PRODUCT_CODES.map((code) => (
          <option key={code} value={code}>
            {t(`products.${code}.name`)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface Details {
  product: string | null;
  tags: string[];
  alt: { en: string; fr: string };
}

/** Product, tags and the two alternative texts: the same fields on upload and on edit. */
function DetailsFields({
  details,
  onChange,
  errors,
  testPrefix,
}: {
  details: Details;
  onChange: (details: Details) => void;
  errors: { en?: string | null; fr?: string | null };
  testPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ProductSelect
        value={details.product}
        onChange={(product) => onChange({ ...details, product })}
        testId={`${testPrefix}-product`}
      />
      <TagInput
        label={t('manager.content.gallery.tags')}
        value={details.tags}
        onChange={(tags) => onChange({ ...details, tags })}
        placeholder={t('manager.content.gallery.tags_placeholder')}
        maxLength={30}
        maxTags={12}
        testId={`${testPrefix}-tags`}
      />
      <TextInput
        label={t('manager.content.gallery.alt_en')}
        hint={t('manager.content.gallery.alt_hint')}
        value={details.alt.en}
        onValue={(en) => onChange({ ...details, alt: { ...details.alt, en } })}
        error={errors.en}
        maxLength={250}
        lang="en"
        data-testid={`${testPrefix}-alt-en`}
      />
      <TextInput
        label={t('manager.content.gallery.alt_fr')}
        value={details.alt.fr}
        onValue={(fr) => onChange({ ...details, alt: { ...details.alt, fr } })}
        error={errors.fr}
        maxLength={250}
        lang="fr"
        data-testid={`${testPrefix}-alt-fr`}
      />
    </div>
  );
}

const emptyDetails = (): Details => ({ product: null, tags: [], alt: { en: '', fr: '' } });

function UploadCard() {
  const { t } = useTranslation();
  const f = useFormatters();
  const signOut = useManagerSignOut();
  const upload = useUploadImage();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [details, setDetails] = useState<Details>(emptyDetails);
  const [altErrors, setAltErrors] = useState<{ en?: string | null; fr?: string | null }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | undefined) => {
    setRefusal(null);
    if (!chosen) return;
    // The server refuses it anyway; saying so now spares sending 10 MB for nothing.
    if (chosen.size > MAX_UPLOAD_BYTES) {
      setFile(null);
      setFileError(
        t('manager.content.gallery.too_large', {
          size: f.number(Math.round((chosen.size / MB) * 10) / 10),
          max: MAX_UPLOAD_BYTES / MB,
        }),
      );
      if (input.current) input.current.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const missing = {
      en: details.alt.en.trim() ? null : t('manager.content.gallery.alt_required'),
      fr: details.alt.fr.trim() ? null : t('manager.content.gallery.alt_required'),
    };
    setAltErrors(missing);
    if (!file) setFileError(t('manager.content.gallery.choose_first'));
    if (!file || missing.en || missing.fr) return;
    upload.mutate(
      {
        file,
        details: { ...details, alt: { en: details.alt.en.trim(), fr: details.alt.fr.trim() } },
      },
      {
        onSuccess: () => {
          notifySuccess(t('manager.content.gallery.uploaded'));
          setFile(null);
          setDetails(emptyDetails());
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          if (isUnauthorized(error)) signOut();
          else
            setRefusal(
              [
                serverMessage(error) ?? t('manager.content.gallery.upload_failed'),
                ...Object.values(serverFieldErrors(error)),
              ].join(' · '),
            );
        },
      },
    );
  };

  return (
    <section aria-labelledby="gallery-upload" className="card p-4 sm:p-5" data-testid="gallery-upload">
      <h2 id="gallery-upload" className="text-base font-semibold tracking-tight">
        {t('manager.content.gallery.upload_heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t('manager.content.gallery.upload_rules', { max: MAX_UPLOAD_BYTES / MB })}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`relative flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 dark:focus-within:outline-brand-400 ${
            dragging
              ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-400/10'
              : fileError
                ? 'border-red-400 bg-red-50/40 dark:border-red-500/60 dark:bg-red-950/20'
                : 'border-stone-300 bg-stone-50/60 dark:border-stone-700 dark:bg-stone-950/40'
          }`}
          data-testid="gallery-dropzone"
        >
          <Glyph name="upload" width={28} height={28} className="text-stone-500 dark:text-stone-400" />
          <p className="text-sm">
            <label htmlFor={inputId} className="link cursor-pointer">
              {t('manager.content.gallery.choose')}
            </label>{' '}
            <span className="text-muted">{t('manager.content.gallery.or_drop')}</span>
          </p>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={(event) => choose(event.target.files?.[0])}
            aria-describedby={`${inputId}-status`}
            data-testid="gallery-file"
          />
          <p id={`${inputId}-status`} className="text-xs text-muted" aria-live="polite">
            {file
              ? t('manager.content.gallery.chosen', {
                  name: file.name,
                  size: f.number(Math.max(0.1, Math.round((file.size / MB) * 10) / 10)),
                })
              : t('manager.content.gallery.formats')}
          </p>
        </div>
        <ErrorText message={fileError} />
        <DetailsFields details={details} onChange={setDetails} errors={altErrors} testPrefix="upload" />
        {refusal ? (
          <Notice tone="error" testId="upload-refused">
            {refusal}
          </Notice>
        ) : null}
        <div className="flex justify-end">
          <button
            type="submit"
            className="btn-primary"
            disabled={upload.isPending}
            data-testid="upload-submit"
          >
            <Glyph name="upload" />
            {upload.isPending ? t('manager.content.gallery.uploading') : t('manager.content.gallery.upload')}
          </button>
        </div>
      </form>
    </section>
  );
}

function EditImageDialog({ image, onClose }: { image: StaffGalleryImage; onClose: () => void }) {
  const { t } = useTranslation();
  const signOut = useManagerSignOut();
  const update = useUpdateImage();
  const [details, setDetails] = useState<Details>({
    product: image.product,
    tags: image.tags,
    alt: image.alt,
  });
  const [errors, setErrors] = useState<{ en?: string | null; fr?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = () => {
    const missing = {
      en: details.alt.en.trim() ? null : t('manager.content.gallery.alt_required'),
      fr: details.alt.fr.trim() ? null : t('manager.content.gallery.alt_required'),
    };
    setErrors(missing);
    if (missing.en || missing.fr) return;
    setFailure(null);
    update.mutate(
      {
        id: image.id,
        changes: {
          product: details.product,
          tags: details.tags,
          alt: { en: details.alt.en.trim(), fr: details.alt.fr.trim() },
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('manager.content.gallery.saved'));
          onClose();
        },
        onError: (error) => {
          if (isUnauthorized(error)) signOut();
          else setFailure(serverMessage(error) ?? t('manager.content.gallery.save_failed'));
        },
      },
    );
  };
  return (
    <Dialog
      title={t('manager.content.gallery.edit_title')}
      onClose={onClose}
      busy={update.isPending}
      size="xl"
      testId="image-edit"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={update.isPending}>
            {t('manager.content.cancel')}
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={save}
            disabled={update.isPending}
            data-testid="image-edit-save"
          >
            {update.isPending ? t('manager.content.editor.saving') : t('manager.content.editor.save')}
          </button>
        </>
      }
    >
      <div className="mt-4 grid gap-5 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <img
          src={image.thumb_url}
          alt=""
          className="mx-auto aspect-square w-36 rounded-xl bg-stone-100 object-contain dark:bg-stone-800"
        />
        <DetailsFields details={details} onChange={setDetails} errors={errors} testPrefix="edit" />
      </div>
      {failure ? (
        <div className="mt-4">
          <Notice tone="error">{failure}</Notice>
        </div>
      ) : null}
    </Dialog>
  );
}

function ImageCard({
  image,
  index,
  count,
  locale,
  onMove,
  onEdit,
  onRemove,
  dragProps,
}: {
  image: StaffGalleryImage;
  index: number;
  count: number;
  locale: Locale;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onRemove: () => void;
  dragProps: {
    draggable: boolean;
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
  };
}) {
  const { t } = useTranslation();
  const name = t('manager.content.gallery.image_n', { n: index + 1 });
  const product = image.product && isProductCode(image.product) ? t(`products.${image.product}.name`) : null;
  const tool =
    'inline-flex h-9 w-9 items-center justify-center rounded-lg text-stone-600 transition-colors hover:bg-stone-100 hover:text-stone-900 disabled:pointer-events-none disabled:opacity-35 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white';
  return (
    <li
      className="card flex min-w-0 flex-col overflow-hidden"
      data-testid="gallery-image"
      data-id={image.id}
      {...dragProps}
    >
      <div className="relative flex aspect-square items-center justify-center bg-stone-100 dark:bg-stone-800/60">
        <img
          src={image.thumb_url}
          alt={image.alt[locale]}
          loading="lazy"
          // Absolute: a story's tall picture would otherwise stretch the square tile.
          className="absolute inset-0 h-full w-full object-contain"
          draggable={false}
        />
        <span className="absolute top-2 left-2 z-10 rounded-full bg-stone-950/70 px-2 py-0.5 text-xs font-bold text-white tabular-nums">
          {index + 1}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="truncate text-sm font-semibold">{product ?? t('manager.content.gallery.no_product')}</p>
        <div className="flex flex-wrap gap-1">
          <Chip tone={image.format === 'story' ? 'info' : 'neutral'}>
            {GALLERY_FORMATS.includes(image.format)
              ? t(`manager.content.gallery.formats_names.${image.format}`)
              : image.format}
          </Chip>
          {image.tags.map((tag) => (
            <Chip key={tag}>{tag}</Chip>
          ))}
        </div>
        <p className="line-clamp-2 text-xs text-muted">{image.alt[locale]}</p>
        <div
          className="mt-auto flex items-center justify-between gap-1 pt-1.5"
          role="group"
          aria-label={name}
        >
          <span className="flex">
            <button
              type="button"
              className={tool}
              onClick={() => onMove(index, index - 1)}
              disabled={index === 0}
              aria-label={t('manager.content.gallery.move_earlier', { name })}
              data-testid={`image-${image.id}-up`}
            >
              <Icon name="arrow-left" width={18} height={18} />
            </button>
            <button
              type="button"
              className={tool}
              onClick={() => onMove(index, index + 1)}
              disabled={index === count - 1}
              aria-label={t('manager.content.gallery.move_later', { name })}
              data-testid={`image-${image.id}-down`}
            >
              <Icon name="arrow-right" width={18} height={18} />
            </button>
          </span>
          <span className="flex">
            <button
              type="button"
              className={tool}
              onClick={onEdit}
              aria-label={t('manager.content.gallery.edit', { name })}
              data-testid={`image-${image.id}-edit`}
            >
              <svg
                viewBox="0 0 24 24"
                width="18"
                height="18"
                aria-hidden="true"
                focusable="false"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.9}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
              </svg>
            </button>
            <button
              type="button"
              className={`${tool} hover:text-red-700 dark:hover:text-red-300`}
              onClick={onRemove}
              aria-label={t('manager.content.gallery.remove', { name })}
              data-testid={`image-${image.id}-remove`}
            >
              <Glyph name="trash" />
            </button>
          </span>
        </div>
      </div>
    </li>
  );
}

export function GalleryPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('titles.manager_content_gallery'));
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const signOut = useManagerSignOut();
  const gallery = useGallery();
  const reorder = useReorderGallery();
  const remove = useDeleteImage();
  useSignOutOnUnauthorized(gallery.error);
  const [editing, setEditing] = useState<StaffGalleryImage | null>(null);
  const [removing, setRemoving] = useState<StaffGalleryImage | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const grid = useRef<HTMLOListElement>(null);

  const images = gallery.data ?? [];
  const move = (from: number, to: number, viaKeyboard = true) => {
    if (to < 0 || to >= images.length || from === to) return;
    const next = moved(images, from, to);
    const id = images[from]?.id;
    setOrderError(null);
    reorder.mutate(
      next.map((image) => image.id),
      {
        onError: (error) => {
          if (isUnauthorized(error)) signOut();
          else setOrderError(serverMessage(error) ?? t('manager.content.gallery.order_failed'));
        },
      },
    );
    setAnnouncement(t('manager.content.gallery.moved', { position: to + 1, count: images.length }));
    // At either end the button just used is disabled: keep the keyboard on the card.
    if (viaKeyboard && id !== undefined && (to === 0 || to === images.length - 1))
      requestAnimationFrame(() =>
        grid.current
          ?.querySelector<HTMLButtonElement>(`[data-testid="image-${id}-${to === 0 ? 'down' : 'up'}"]`)
          ?.focus(),
      );
  };

  let body;
  if (gallery.isPending)
    body = (
      <div
        role="status"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        data-testid="gallery-loading"
      >
        <span className="sr-only">{t('loading')}</span>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="aspect-[3/4] rounded-2xl" />
        ))}
      </div>
    );
  else if (gallery.isError && !gallery.data)
    body = (
      <div className="card">
        <EmptyState
          icon="alert"
          title={t('manager.content.gallery.load_failed')}
          body={serverMessage(gallery.error) ?? undefined}
        >
          <button type="button" className="btn-secondary mt-4" onClick={() => void gallery.refetch()}>
            {t('manager.shell.retry')}
          </button>
        </EmptyState>
      </div>
    );
  else if (images.length === 0)
    body = (
      <div className="card">
        <EmptyState icon="image" title={t('manager.content.gallery.empty')} testId="gallery-empty" />
      </div>
    );
  else
    body = (
      <ol
        ref={grid}
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
        aria-label={t('manager.content.gallery.grid_label')}
        aria-busy={reorder.isPending}
        data-testid="gallery-grid"
      >
        {images.map((image, index) => (
          <ImageCard
            key={image.id}
            image={image}
            index={index}
            count={images.length}
            locale={locale}
            onMove={move}
            onEdit={() => setEditing(image)}
            onRemove={() => {
              setRemoveError(null);
              setRemoving(image);
            }}
            dragProps={{
              draggable: true,
              onDragStart: (event) => {
                event.dataTransfer.effectAllowed = 'move';
                setDragged(index);
              },
              onDragOver: (event) => {
                if (dragged !== null) event.preventDefault();
              },
              onDrop: (event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index, false);
                setDragged(null);
              },
              onDragEnd: () => setDragged(null),
            }}
          />
        ))}
      </ol>
    );

  return (
    <>
      <ContentHeader lead={t('manager.content.gallery.lead')} />
      <div className="space-y-6">
        <UploadCard />
        <section aria-labelledby="gallery-order">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="gallery-order" className="text-base font-semibold tracking-tight">
              {t('manager.content.gallery.order_heading')}
            </h2>
            <p className="text-sm text-muted">
              {t('manager.content.gallery.order_help', { count: images.length })}
            </p>
          </div>
          {orderError ? (
            <div className="mb-3">
              <Notice tone="error" testId="order-error">
                {orderError}
              </Notice>
            </div>
          ) : null}
          {body}
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>
        </section>
      </div>
      {editing ? <EditImageDialog image={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t('manager.content.gallery.remove_title')}
          body={t('manager.content.gallery.remove_body')}
          confirmLabel={t('manager.content.gallery.remove_confirm')}
          busyLabel={t('manager.content.gallery.removing')}
          busy={remove.isPending}
          error={removeError}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                setRemoving(null);
                notifySuccess(t('manager.content.gallery.removed'));
              },
              onError: (error) => {
                if (isUnauthorized(error)) signOut();
                else setRemoveError(serverMessage(error) ?? t('manager.content.gallery.remove_failed'));
              },
            })
          }
          testId="image-remove"
        />
      ) : null}
    </>
  );
}
