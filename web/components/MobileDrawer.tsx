import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons';
import { useFocusTrap } from './use-focus-trap';

interface MobileDrawerProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The drawer's name, shown in its header, and the close button's name. */
  label: string;
  closeLabel: string;
  /** What stands below the header; the caller decides which part scrolls. */
  children: ReactNode;
}

/**
 * A shell's navigation as a slide-in drawer below the `lg` breakpoint (the partner's account and
 * the back office). The shell builds it when the menu first opens (it slides in from its
 * `starting:` styles), then keeps it so it can slide out; while closed it is inert and hidden from
 * assistive technology.
 */
export function MobileDrawer({ id, open, onClose, label, closeLabel, children }: MobileDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusTrap(panelRef, open, onClose, closeRef);

  useEffect(() => {
    if (!open) return;
    // Keep the page behind from scrolling while the drawer covers it.
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  return (
    <div
      className={`fixed inset-0 z-40 lg:hidden ${open ? '' : 'pointer-events-none'}`}
      aria-hidden={!open}
      inert={!open}
    >
      <div
        className={`absolute inset-0 bg-stone-950/50 transition-opacity duration-200 ${open ? 'opacity-100 starting:opacity-0' : 'opacity-0'}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className={`absolute inset-y-0 left-0 flex w-[min(20rem,85vw)] flex-col bg-white shadow-2xl transition-transform duration-200 ease-out dark:bg-stone-900 ${
          open ? 'translate-x-0 starting:-translate-x-full' : '-translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <span className="text-sm font-semibold text-stone-600 dark:text-stone-300">{label}</span>
          <button
            ref={closeRef}
            type="button"
            className="icon-button"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
