import { useEffect, useRef } from 'react';
import type { MenuCommand } from '../../../shared/operations';
import { subscribe } from '../api';

/** Runs `run` when the person picks `command` in the native menu (or presses its shortcut). */
export function useMenuCommand(command: MenuCommand, run: () => void): void {
  // The latest `run`, so the subscription does not churn with every render.
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(
    () =>
      subscribe('menuCommand', (payload) => {
        if (payload.command === command) latest.current();
      }),
    [command],
  );
}
