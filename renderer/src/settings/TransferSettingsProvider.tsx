/**
 * The transfer settings dialog, for the whole window: the settings are the
 * app's, not a session's, so they open from the sign-in screen's title bar,
 * the toolbar and the native menu (File → Transfer Settings…) alike.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useMenuCommand } from '../ui/useMenuCommand';
import { TransferSettingsDialog } from './TransferSettingsDialog';

const OpenContext = createContext<(() => void) | null>(null);

export function TransferSettingsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  useMenuCommand('transferSettings', show);
  return (
    <OpenContext.Provider value={show}>
      {children}
      {open && <TransferSettingsDialog onClose={() => setOpen(false)} />}
    </OpenContext.Provider>
  );
}

/** The title bar's button that opens the dialog. */
export function TransferSettingsButton() {
  const open = useContext(OpenContext);
  if (!open) throw new Error('TransferSettingsButton outside TransferSettingsProvider');
  return (
    <button type="button" title="How large files are split and sent" onClick={open}>
      Transfer settings…
    </button>
  );
}
