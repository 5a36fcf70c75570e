// Compositions (first pass).
import type { GalleryFormat } from '../../../../common/content';
import type { Layout } from './gallery';
import { lettering } from './lettering';
import { SvgDoc, lighten } from './svg';
import type { Theme } from './themes';

export function drawPackShot(theme: Theme): SvgDoc {
  const doc = new SvgDoc(1080, 1080);
  doc.add(`<rect width="1080" height="1080" fill="${doc.linear('bg', [[0, lighten(theme.background, 0.4)], [1, theme.background]])}"/>`);
  doc.add(`<rect x="340" y="300" width="400" height="560" rx="60" fill="${theme.primary}"/>`);
  doc.add(lettering(theme.label[0], 540, 600, { size: 50, color: '#ffffff' }));
  return doc;
}

export function drawGalleryImage(theme: Theme, _layout: Layout, format: GalleryFormat, _ref: string): SvgDoc {
  const doc = new SvgDoc(1080, format === 'story' ? 1920 : 1080);
  doc.add(`<rect width="1080" height="${doc.height}" fill="${theme.background}"/>`);
  doc.add(`<rect x="340" y="300" width="400" height="560" rx="60" fill="${theme.primary}"/>`);
  return doc;
}
