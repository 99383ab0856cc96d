/**
 * The Activity pane, for the whole window: it opens from View → Activity in the native menu, from
 * Ctrl+Shift+A (Cmd+Shift+A on macOS) pressed in the page, and from the title bar's button, so it
 * works in a host without a native menu too. The sign-in screen has it as well: a failed sign-in is
 * a request worth reading.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useMenuCommand } from '../ui/useMenuCommand';
import { ActivityPane } from './ActivityPane';
import './activity.css';

const OpenContext = createContext<(() => void) | null>(null);

/** Ctrl+Shift+A, or Cmd+Shift+A. */
const isActivityShortcut = (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.code === 'KeyA';

export function ActivityProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Opening is idempotent: where a native menu's accelerator and the page both see the shortcut, it still opens once.
  const show = useCallback(() => setOpen(true), []);
  useMenuCommand('activity', show);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isActivityShortcut(e)) return;
      e.preventDefault();
      show();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);
  return (
    <OpenContext.Provider value={show}>
      <div className="activity-frame">
        <div className="activity-frame-screen">{children}</div>
        {open && <ActivityPane onClose={() => setOpen(false)} />}
      </div>
    </OpenContext.Provider>
  );
}

/** The title bar's button that opens the pane. */
export function ActivityButton() {
  const open = useContext(OpenContext);
  if (!open) throw new Error('ActivityButton outside ActivityProvider');
  return (
    <button type="button" title="Every request Cirrus made (Ctrl+Shift+A)" onClick={open}>
      Activity
    </button>
  );
}
