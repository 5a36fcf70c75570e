// The settings page's "Profile picture" section (docs/product/partner-portal.md#header-and-avatar, docs/product/links-and-integrations.md#profile-picture): the avatar as the
// header shows it; a chosen picture is checked at once (type by its bytes, 10 MB, 40 megapixels:
// the server's rules and words), then placed in a square by dragging, the arrow keys, the zoom
// slider or + and −; "Save" draws that square (at most 1024 px) and sends it as the multipart
// field `picture` to POST /api/set_avatar, whose answer (the user) replaces the cached profile,
// so the header changes at once. "Remove picture" is DELETE /api/set_avatar.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_TYPES } from '../../../common/uploads';
import type { z } from 'zod';
import type { userPayloadAnswer } from '../../../common/contracts/avatar';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/form';
import { Icon } from '../../components/icons';
import { api } from '../../lib/api';
import { apiMessage } from '../../lib/forms';
import { notifySuccess } from '../../lib/toast';
import {
  clampCrop,
  cropRect,
  initialCrop,
  MOVE_STEP,
  movePicture,
  outputSide,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  zoomTo,
  type Crop,
} from './avatar-crop';
import { readUserPayload, setCurrentUser, type PortalUser } from '../../lib/current-user';
import {
  checkPictureFile,
  drawSquare,
  openPicture,
  PictureError,
  type OpenedPicture,
  type PictureProblem,
} from '../../lib/picture-file';
import { SettingsSection } from '../../components/SettingsSection';

export function ProfilePictureSection({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [picture, setPicture] = useState<OpenedPicture | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  const say = (key: PictureProblem) => t(`settings.picture.errors.${key}`);
  const close = () => {
    setPicture(null);
    if (input.current) input.current.value = '';
  };
  // The file's object URL goes with the editor (or the next picture).
  useEffect(() => () => picture?.release(), [picture]);

  const answered = (message: string) => (answer: PortalUser) => {
    setCurrentUser(queryClient, answer);
    notifySuccess(message);
  };
  // Errors are shown in the section; a 401 still ends the session (docs/product/errors-and-languages.md#how-the-portal-shows-errors).
  const meta = { handlesErrors: true, partnerSession: true };
  const failed = (error: unknown) => setProblem(apiMessage(error) ?? t('errors.network'));

  const save = useMutation({
    mutationFn: async (blob: Blob) => {
      const form = new FormData();
      form.append('picture', blob, blob.type === 'image/webp' ? 'picture.webp' : 'picture.png');
      return readUserPayload(await api.post<z.infer<typeof userPayloadAnswer>>('/api/set_avatar', form));
    },
    meta,
    onSuccess: (answer) => {
      answered(t('settings.picture.saved'))(answer);
      close();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: async () =>
      readUserPayload(await api.delete<z.infer<typeof userPayloadAnswer>>('/api/set_avatar')),
    meta,
    onSuccess: answered(t('settings.picture.removed')),
    onError: failed,
  });
  const busy = save.isPending || remove.isPending || opening;

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const refusal = await checkPictureFile(file);
    if (refusal) {
      setProblem(say(refusal));
      if (input.current) input.current.value = '';
      return;
    }
    setOpening(true);
    try {
      setPicture(await openPicture(file));
    } catch (error) {
      setProblem(say(error instanceof PictureError ? error.problem : 'unreadable'));
      if (input.current) input.current.value = '';
    } finally {
      setOpening(false);
    }
  };

  const submit = async (crop: Crop) => {
    if (!picture) return;
    setProblem(null);
    const square = cropRect(crop, picture);
    let blob: Blob;
    try {
      blob = await drawSquare(picture, square, outputSide(square.side));
    } catch {
      setProblem(say('unreadable'));
      return;
    }
    save.mutate(blob);
  };

  const status = user.user_picture ? 'uses_picture' : user.social_picture ? 'uses_social' : 'uses_initials';
  return (
    <SettingsSection
      title={t('settings.picture.title')}
      lead={t('settings.picture.lead')}
      testId="profile-picture"
    >
      <input
        ref={input}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        hidden
        onChange={(event) => void choose(event.target.files?.[0])}
        data-testid="profile-picture-input"
      />
      {picture ? (
        <CropEditor
          picture={picture}
          busy={busy}
          saving={save.isPending}
          onSave={(crop) => void submit(crop)}
          onCancel={close}
        />
      ) : (
        <div className="grid gap-5">
          <div className="flex items-center gap-4 sm:gap-5">
            <Avatar user={user} size="large" />
            <p className="text-sm text-muted" data-testid="profile-picture-status">
              {t(`settings.picture.${status}`)}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => input.current?.click()}
              data-testid="profile-picture-choose"
            >
              {opening ? <Spinner /> : <Icon name="image" width={18} height={18} />}
              {user.user_picture ? t('settings.picture.choose_other') : t('settings.picture.choose')}
            </button>
            {user.user_picture ? (
              <button
                type="button"
                className="btn-secondary"
                disabled={busy}
                aria-busy={remove.isPending || undefined}
                onClick={() => {
                  setProblem(null);
                  remove.mutate();
                }}
                data-testid="profile-picture-remove"
              >
                {remove.isPending ? <Spinner /> : null}
                {remove.isPending ? t('settings.picture.removing') : t('settings.picture.remove')}
              </button>
            ) : null}
          </div>
        </div>
      )}
      {problem ? (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 text-sm font-medium text-red-700 dark:text-red-300"
          data-testid="profile-picture-error"
        >
          <Icon name="alert" width={18} height={18} className="mt-px shrink-0" />
          <span>{problem}</span>
        </p>
      ) : null}
    </SettingsSection>
  );
}

/** The view's side in CSS pixels when it cannot be measured (the canvas is drawn at the screen's density). */
const VIEW = 288;

function CropEditor({
  picture,
  busy,
  saving,
  onSave,
  onCancel,
}: {
  picture: OpenedPicture;
  busy: boolean;
  saving: boolean;
  onSave: (crop: Crop) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const zoomId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const [crop, setCrop] = useState<Crop>(() => initialCrop(picture));

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    const side = Math.round((element.getBoundingClientRect().width || VIEW) * ratio);
    if (element.width !== side) element.width = element.height = side;
    const square = cropRect(crop, picture);
    context.clearRect(0, 0, side, side);
    context.imageSmoothingQuality = 'high';
    context.drawImage(picture.image, square.x, square.y, square.side, square.side, 0, 0, side, side);
    // What the round header avatar shows: the rest of the square is dimmed.
    context.save();
    context.beginPath();
    context.rect(0, 0, side, side);
    context.arc(side / 2, side / 2, side / 2, 0, Math.PI * 2);
    context.fillStyle = 'rgba(12, 10, 9, 0.45)';
    context.fill('evenodd');
    context.beginPath();
    context.arc(side / 2, side / 2, side / 2 - ratio, 0, Math.PI * 2);
    context.lineWidth = 2 * ratio;
    context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    context.stroke();
    context.restore();
  }, [crop, picture]);

  const viewSize = () => canvas.current?.getBoundingClientRect().width || VIEW;
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    drag.current = { ...from, x: event.clientX, y: event.clientY };
    setCrop((current) => movePicture(current, picture, dx, dy, viewSize()));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Arrow keys move the picture (as a drag would) by a share of the square; Shift moves more.
    const step = VIEW * MOVE_STEP * (event.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      setCrop((current) => movePicture(current, picture, move[0], move[1], VIEW));
    } else if (event.key === '+' || event.key === '=') {
      setCrop((current) => zoomTo(current, picture, current.zoom + ZOOM_STEP));
    } else if (event.key === '-' || event.key === '_') {
      setCrop((current) => zoomTo(current, picture, current.zoom - ZOOM_STEP));
    } else return;
    event.preventDefault();
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-[15rem_minmax(0,1fr)] sm:items-start">
        <div
          role="application"
          tabIndex={0}
          aria-label={t('settings.picture.crop_label')}
          aria-describedby={hintId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
          className="aspect-square w-full max-w-72 cursor-grab touch-none overflow-hidden rounded-2xl bg-stone-200 select-none active:cursor-grabbing dark:bg-stone-800"
          data-testid="profile-picture-crop"
        >
          <canvas ref={canvas} aria-hidden="true" className="block h-full w-full" />
        </div>
        <div className="grid gap-4 sm:pt-1">
          <p id={hintId} className="text-sm text-muted">
            {t('settings.picture.crop_hint')}
          </p>
          <div>
            <label
              htmlFor={zoomId}
              className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
            >
              {t('settings.picture.zoom')}
            </label>
            <input
              id={zoomId}
              type="range"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={0.01}
              value={crop.zoom}
              aria-valuetext={new Intl.NumberFormat(i18n.language, {
                style: 'percent',
                maximumFractionDigits: 0,
              }).format(crop.zoom)}
              onChange={(event) =>
                setCrop((current) => clampCrop({ ...current, zoom: Number(event.target.value) }, picture))
              }
              className="w-full max-w-72 accent-brand-700 dark:accent-brand-400"
              data-testid="profile-picture-zoom"
            />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          aria-busy={saving || undefined}
          onClick={() => onSave(crop)}
          data-testid="profile-picture-save"
        >
          {saving ? <Spinner /> : null}
          {saving ? t('settings.picture.saving') : t('settings.picture.save')}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={saving}
          onClick={onCancel}
          data-testid="profile-picture-cancel"
        >
          {t('settings.picture.cancel')}
        </button>
      </div>
    </div>
  );
}
