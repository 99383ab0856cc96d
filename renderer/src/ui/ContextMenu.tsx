/**
 * A context menu (WAI-ARIA menu): opened at the pointer, or at the focused
 * row for the context-menu key and Shift+F10; arrow keys, Home/End and a
 * letter move between items; Enter or a click runs one; Escape, Tab, a click
 * elsewhere or losing focus closes it, and the focus goes back where it was.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import './context-menu.css';

export interface MenuItem {
  label: string;
  run: () => void;
  danger?: boolean;
  disabled?: boolean;
}

export interface MenuAt {
  x: number;
  y: number;
  items: MenuItem[];
  /** What had the focus: it gets it back when the menu closes. */
  returnFocus: HTMLElement | null;
  label: string;
}

export function ContextMenu({ menu, onClose }: { menu: MenuAt; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: menu.x, top: menu.y });
  const usable = menu.items.filter((item) => !item.disabled);

  // Kept inside the window: opened near an edge, it opens towards the middle.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const { width, height } = el.getBoundingClientRect();
    setPosition({
      left: Math.max(4, Math.min(menu.x, window.innerWidth - width - 4)),
      top: Math.max(4, Math.min(menu.y, window.innerHeight - height - 4)),
    });
    el.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [menu]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [onClose]);

  function close() {
    onClose();
    menu.returnFocus?.focus();
  }

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const items = [
      ...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    let next = to[event.key];
    if (next === undefined && event.key.length === 1) {
      const letter = event.key.toLowerCase();
      next = items.findIndex((item, i) => i > at && item.textContent?.toLowerCase().startsWith(letter));
      if (next < 0) next = items.findIndex((item) => item.textContent?.toLowerCase().startsWith(letter));
    }
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    } else if (next !== undefined && next >= 0) {
      event.preventDefault();
      items[next]?.focus();
    }
  }

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={menu.label}
      className="context-menu"
      style={position}
      onKeyDown={move}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      {menu.items.map((item) => (
        <div
          key={item.label}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled || undefined}
          className={item.danger ? 'danger' : undefined}
          onClick={() => {
            if (item.disabled) return;
            close();
            item.run();
          }}
          onKeyDown={(event) => {
            if ((event.key === 'Enter' || event.key === ' ') && !item.disabled) {
              event.preventDefault();
              close();
              item.run();
            }
          }}
        >
          {item.label}
        </div>
      ))}
      {usable.length === 0 && <div className="muted">Nothing to do here</div>}
    </div>
  );
}
