// A figure or a code shown whole, on one line, at every width: when its box is narrower than the
// text at its normal size (a French amount, "9 999 999,99 $ US", in a phone's half-width card; a
// twenty-letter promo code beside its Copy button), the text shrinks to fit rather than being
// cut. The size is measured, not guessed from the number of characters, so it holds whatever font
// the visitor's system draws it in.
import { useLayoutEffect, useRef, type ElementType, type HTMLAttributes } from 'react';

/** The smallest size a figure shrinks to, in CSS pixels: still legible on a phone. */
const MIN_PX = 11;

/** The size at which `natural`-sized text `textWidth` wide fits `boxWidth` (never below MIN_PX). */
export const fittedSize = (natural: number, textWidth: number, boxWidth: number): number | null =>
  textWidth <= boxWidth || boxWidth <= 0
    ? null
    : Math.max(MIN_PX, Math.floor(((natural * boxWidth) / textWidth) * 10) / 10 - 0.1);

export function FitText({
  as: Tag = 'span',
  text,
  className = '',
  ...rest
}: { as?: ElementType; text: string; className?: string } & HTMLAttributes<HTMLElement>) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let width = -1;
    const fit = () => {
      // Measured at the size the classes give, then shrunk once: one layout read, one write.
      element.style.fontSize = '';
      const size = fittedSize(
        parseFloat(getComputedStyle(element).fontSize),
        element.scrollWidth,
        element.clientWidth,
      );
      if (size !== null) element.style.fontSize = `${size}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    // Only a change of width refits: a new size changes the height, which must not loop.
    const observer = new ResizeObserver(([entry]) => {
      const now = entry?.contentRect.width ?? 0;
      if (now === width) return;
      width = now;
      fit();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <Tag ref={ref} className={`block overflow-hidden whitespace-nowrap ${className}`} {...rest}>
      {text}
    </Tag>
  );
}
