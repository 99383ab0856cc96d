/**
 * The temporary links made in this session, and the small rules the link
 * dialog needs: how the picker's choice becomes a link's lifetime, and how a
 * link's expiry reads. The list lives outside React (like the transfers) so
 * that it survives the details pane switching selection; it is cleared when
 * the session changes, since a link signed for one account means nothing to
 * the next person at this screen.
 */
import type { ExpiryChoice } from '../../../shared/expiry';
import type { LinkExpiry, LinkUnit, TempUrlMethod } from '../../../shared/temp-url';

/** What a link opens, as the dialog and the list say it. */
export type LinkTarget = { kind: 'object'; name: string } | { kind: 'prefix'; prefix: string };

export interface MadeLink {
  id: number;
  region: string;
  container: string;
  target: LinkTarget;
  method: TempUrlMethod;
  url: string;
  /** When the link stops working (ms since the epoch). */
  expiresAtMs: number;
}

/**
 * The ExpiryPicker's choice read as a link's lifetime: "in N" counts in the
 * unit chosen beside it (minutes, hours or days), a date is a date. "Never"
 * is not a lifetime a link can have, so the dialog does not offer it.
 */
export function linkExpiryOf(choice: ExpiryChoice, unit: LinkUnit): LinkExpiry | undefined {
  switch (choice.kind) {
    case 'days':
      return { kind: 'for', amount: choice.days, unit };
    case 'date':
      return { kind: 'until', date: choice.date };
    case 'never':
      return undefined;
  }
}

/** "/v1/…/photos/cat.jpg" is long; the list says "photos/cat.jpg" or "photos/2024/ (prefix)". */
export function linkTargetText(container: string, target: LinkTarget): string {
  if (target.kind === 'object') return `${container}/${target.name}`;
  return target.prefix === '' ? `${container} (whole container)` : `${container}/${target.prefix}* (prefix)`;
}

/** "expires in 59 min", "expires in 5 h", "expires in 3 days", or "expired": how long a link has left. */
export function linkLifeText(expiresAtMs: number, nowMs: number): string {
  const seconds = Math.floor((expiresAtMs - nowMs) / 1000);
  if (seconds <= 0) return 'expired';
  if (seconds < 60) return 'expires in less than a minute';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `expires in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `expires in ${hours} h`;
  return `expires in ${Math.floor(hours / 24)} days`;
}

type Listener = () => void;

/** The session's links, newest first; components read it with useSyncExternalStore. */
export class LinkStore {
  #list: readonly MadeLink[] = [];
  #next = 1;
  readonly #listeners = new Set<Listener>();

  readonly subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly MadeLink[] => this.#list;

  add(link: Omit<MadeLink, 'id'>): void {
    this.#set([{ ...link, id: this.#next++ }, ...this.#list]);
  }

  clear(): void {
    if (this.#list.length > 0) this.#set([]);
  }

  #set(list: readonly MadeLink[]): void {
    this.#list = list;
    for (const listener of this.#listeners) listener();
  }
}

/** The window's one list (the renderer is one window, one session at a time). */
export const sessionLinks = new LinkStore();
