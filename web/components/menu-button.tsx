import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** The items a menu's arrow keys move between. */
const ITEMS = '.dropdown-item:not([disabled])';

/**
 * A button that opens a list of links and buttons below it (the language and account menus), drawn with Bootstrap's
 * dropdown classes and positioned by CSS alone (`data-bs-popper="static"`): no positioning library on every page
 * (issue 32). A disclosure: the button says whether the list is open (`aria-expanded`); ArrowDown opens it and
 * focuses the first item, arrows move between items, Escape closes it and returns focus to the button, and a click
 * outside or on an item closes it.
 */
export function MenuButton({
  toggle,
  toggleClassName,
  align = 'end',
  disabled,
  children,
}: {
  /** The button's content (its accessible name). */
  toggle: ReactNode;
  toggleClassName?: string;
  align?: 'start' | 'end';
  disabled?: boolean;
  /** `.dropdown-item` links and buttons, `.dropdown-header`, `.dropdown-divider`. */
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent | FocusEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const current = items().indexOf(document.activeElement as HTMLElement);
    if (!open) {
      setOpen(true);
      // The list renders open on the next frame.
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1));
      return;
    }
    focusItem(current < 0 ? 0 : current + (event.key === 'ArrowDown' ? 1 : -1));
  };

  return (
    <div className="dropdown" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`dropdown-toggle btn btn-link ${toggleClassName ?? ''}`}
        aria-expanded={open}
        aria-controls={id}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        {toggle}
      </button>
      <div
        id={id}
        data-bs-popper="static"
        className={`dropdown-menu${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('.dropdown-item')) setOpen(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
