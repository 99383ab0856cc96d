/**
 * Which Debian Chromium runs the renderer outside Electron.
 * - Journeys (and the axe self-test) prefer `chromium-headless-shell`, Debian's build of the same Chromium
 *   without the browser around the page: no browser UI, no GPU process compositing frames nobody sees. The
 *   journeys spend most of `npm test` in Chromium, and on two cores the shell took about a quarter off them
 *   (measured on three spec files: 59 s → 44 s of wall time, Chromium's CPU 83 s → 58 s).
 * - The bench's UI rows keep the full browser: they time frames, and people see frames drawn by the full one.
 * `CIRRUS_CHROMIUM` forces a binary for both.
 */
import fs from 'node:fs';

const FULL = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The full browser, as people's Electron draws. */
export function fullChromium(): string {
  return process.env.CIRRUS_CHROMIUM ?? FULL;
}

/** The lightest Chromium installed that shows the page the same way: for checks, not for timing frames. */
export function journeyChromium(): string {
  return process.env.CIRRUS_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL);
}
