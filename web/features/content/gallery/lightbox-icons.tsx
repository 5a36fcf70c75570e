// The lightbox's own line icons, in the frame of components/icons.tsx (24×24, stroke =
// currentColor). Decorative: the button that holds one carries the accessible name.
import type { ReactNode, SVGProps } from 'react';
import { StrokeIcon } from '../../../components/icons';

export type LightboxIconName = 'zoom-in' | 'zoom-out' | 'rotate' | 'fit' | 'broken-image';

const paths: Record<LightboxIconName, ReactNode> = {
  'zoom-in': (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5M8 10.5h5M10.5 8v5" />
    </>
  ),
  'zoom-out': (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="m15.5 15.5 5 5M8 10.5h5" />
    </>
  ),
  // A quarter turn clockwise: an open circle with its arrow head at the top right.
  rotate: <path d="M19.5 12.5a7.5 7.5 0 1 1-2.2-5.8L19.5 9M19.5 4.5V9H15" />,
  // Four corners closing in on a frame: back to the whole image.
  fit: (
    <>
      <path d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
      <rect x="8.5" y="8.5" width="7" height="7" rx="1" />
    </>
  ),
  // A picture split by a crack.
  'broken-image': (
    <>
      <path d="M11 3.5H5A1.5 1.5 0 0 0 3.5 5v14A1.5 1.5 0 0 0 5 20.5h5l1.2-4-2-3.5 2.3-3.5z" />
      <path d="M14.5 3.5H19A1.5 1.5 0 0 1 20.5 5v14a1.5 1.5 0 0 1-1.5 1.5h-5.5l1.3-4.5-2-3.5 2.2-3z" />
      <circle cx="7.5" cy="8" r="1.2" />
      <path d="m3.5 16 3-3 2.2 2.2M20.5 15l-2.5-2.5-2.3 2.3" />
    </>
  ),
};

export function LightboxIcon({ name, ...props }: { name: LightboxIconName } & SVGProps<SVGSVGElement>) {
  return <StrokeIcon {...props}>{paths[name]}</StrokeIcon>;
}
