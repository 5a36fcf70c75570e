// The sales screens draw with the portal's one icon set.
export { Icon as Glyph } from './icons';
export type { IconName as GlyphName } from './icons';
