import fs from 'node:fs';
import path from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent on first launch: the OS then places the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const MIN_SIZE = { width: 800, height: 500 };
const DEFAULT_STATE: WindowState = { width: 1280, height: 800, maximized: false };
const FILE_NAME = 'window-state.json';

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** How much of `a` lies inside `b`, in pixels. */
function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The saved size and position, made safe for the displays there are now: a
 * window saved on a monitor that has since been unplugged would open off
 * screen, so unless a good part of its title bar area is visible it is
 * re-centred by the OS (position dropped), and it is never larger than the
 * largest display nor smaller than the minimum.
 */
export function restoreWindowState(saved: unknown, displays: Rect[]): WindowState {
  if (typeof saved !== 'object' || saved === null) return { ...DEFAULT_STATE };
  const s = saved as Record<string, unknown>;
  const widest = Math.max(MIN_SIZE.width, ...displays.map((d) => d.width));
  const tallest = Math.max(MIN_SIZE.height, ...displays.map((d) => d.height));
  const width = isFiniteNumber(s.width) ? Math.min(widest, Math.max(MIN_SIZE.width, s.width)) : DEFAULT_STATE.width;
  const height = isFiniteNumber(s.height)
    ? Math.min(tallest, Math.max(MIN_SIZE.height, s.height))
    : DEFAULT_STATE.height;
  const state: WindowState = { width, height, maximized: s.maximized === true };
  if (isFiniteNumber(s.x) && isFiniteNumber(s.y)) {
    const titleBar: Rect = { x: s.x, y: s.y, width, height: 40 };
    const visible = displays.some((d) => overlap(titleBar, d) >= Math.min(width, 200) * 40 * 0.5);
    if (visible) Object.assign(state, { x: Math.round(s.x), y: Math.round(s.y) });
  }
  return state;
}

export function loadWindowState(userDataDir: string, displays: Rect[]): WindowState {
  let saved: unknown;
  try {
    saved = JSON.parse(fs.readFileSync(path.join(userDataDir, FILE_NAME), 'utf8'));
  } catch {
    saved = undefined; // first launch, or a damaged file: start from the defaults
  }
  return restoreWindowState(saved, displays);
}

/** Written through a temporary file and a rename, so a crash mid-write leaves the old state. */
export function saveWindowState(userDataDir: string, state: WindowState): void {
  const file = path.join(userDataDir, FILE_NAME);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(userDataDir, { recursive: true });
    fs.writeFileSync(temp, JSON.stringify(state));
    fs.renameSync(temp, file);
  } catch {
    // Remembering the window is a nicety; a read-only profile must not stop the app from closing.
    fs.rmSync(temp, { force: true });
  }
}
