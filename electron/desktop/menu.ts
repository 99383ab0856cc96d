import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/operations';

export interface MenuOptions {
  /** Reload and the developer tools only while developing (not in a packaged build). */
  isDev: boolean;
  isMac: boolean;
  /** Sends one of the app's own commands to the page. */
  command: (command: MenuCommand) => void;
  /** Opens another window, signed out: it can sign in to another connection or region. */
  newWindow: () => void;
}

/**
 * The native menu. Edit's roles are what make copy, paste and select-all
 * work in text fields on macOS (the shortcuts are menu accelerators there)
 * and give every platform the standard shortcuts; the app's own commands are
 * sent to the page, which owns the state they act on.
 */
export function menuTemplate({ isDev, isMac, command, newWindow }: MenuOptions): MenuItemConstructorOptions[] {
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'New Window', accelerator: 'CmdOrCtrl+Shift+N', click: () => newWindow() },
      { type: 'separator' },
      { label: 'Refresh', accelerator: 'F5', click: () => command('refresh') },
      { label: 'Sign Out', accelerator: 'CmdOrCtrl+Shift+Q', click: () => command('signOut') },
      { type: 'separator' },
      // Cmd+, is where macOS people look for an app's settings; the page opens them (they need a session's window).
      { label: 'Transfer Settings…', accelerator: 'CmdOrCtrl+,', click: () => command('transferSettings') },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };
  const developer: MenuItemConstructorOptions[] = isDev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...developer,
      // Every request the main process made; the page shows it (the shortcut works in the page too).
      { label: 'Activity', accelerator: 'CmdOrCtrl+Shift+A', click: () => command('activity') },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const window: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: isMac ? [{ role: 'minimize' }, { role: 'zoom' }, { role: 'front' }] : [{ role: 'minimize' }],
  };
  const help: MenuItemConstructorOptions = { label: 'Help', submenu: [{ role: 'about', label: 'About Cirrus' }] };
  return [...(isMac ? [{ role: 'appMenu' } as const] : []), file, edit, view, window, help];
}
