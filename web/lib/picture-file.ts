// The chosen file of the avatar editor: checked before anything is sent (the rules of
// common/uploads.ts, said with the server's own words), opened for the preview, and the kept
// square drawn into a picture to upload. The server checks the bytes it receives again.
import { imageFormatOf, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '../../common/uploads';

/** Why a file was refused; each is a message under `settings.picture.errors`. */
export type PictureProblem = 'not_image' | 'too_large' | 'too_many_pixels' | 'unreadable';

export class PictureError extends Error {
  constructor(readonly problem: PictureProblem) {
    super(problem);
    this.name = 'PictureError';
  }
}

/** The file's size and its first bytes: a PDF named .jpg is no picture. */
export async function checkPictureFile(file: File): Promise<PictureProblem | null> {
  if (file.size > UPLOAD_MAX_BYTES) return 'too_large';
  // A declared type other than the three is refused at once; an empty one is judged by the bytes.
  if (file.type && !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'not_image';
  return imageFormatOf(await readBytes(file.slice(0, 12))) ? null : 'not_image';
}

// FileReader rather than Blob.arrayBuffer(): every engine has it (jsdom, older Safari too).
const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });

export interface OpenedPicture {
  image: CanvasImageSource;
  width: number;
  height: number;
  /** Lets go of the file's object URL. */
  release(): void;
}

/** Opens a checked file as an image (upright, as the browser shows it) for the editor. */
export function openPicture(file: File): Promise<OpenedPicture> {
  const url = URL.createObjectURL(file);
  const release = () => URL.revokeObjectURL(url);
  return new Promise<OpenedPicture>((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const { naturalWidth: width, naturalHeight: height } = image;
      // The size is known from the header; refused before the pixels are decoded.
      if (!width || !height) return reject(new PictureError('unreadable'));
      if (width * height > UPLOAD_MAX_PIXELS) return reject(new PictureError('too_many_pixels'));
      image.decode().then(
        () => resolve({ image, width, height, release }),
        () => reject(new PictureError('unreadable')),
      );
    };
    image.onerror = () => reject(new PictureError('unreadable'));
    image.src = url;
  }).catch((error: unknown) => {
    release();
    throw error;
  });
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/**
 * The square (x, y, side in the picture's pixels) drawn at `output` pixels: a WebP where the
 * browser writes one, else a PNG (both are lossless enough for the server's re-encoding).
 */
export async function drawSquare(
  picture: Pick<OpenedPicture, 'image'>,
  square: { x: number; y: number; side: number },
  output: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = output;
  canvas.height = output;
  const context = canvas.getContext('2d');
  if (!context) throw new PictureError('unreadable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture.image, square.x, square.y, square.side, square.side, 0, 0, output, output);
  const webp = await toBlob(canvas, 'image/webp', 0.92);
  // A browser without a WebP encoder answers a PNG for it.
  if (webp && webp.type === 'image/webp') return webp;
  const png = await toBlob(canvas, 'image/png');
  if (!png) throw new PictureError('unreadable');
  return png;
}
