/**
 * Finding objects whose names contain a text anywhere in a container. Swift
 * filters listings by prefix only, so the whole container is listed (pages of
 * the region's listing limit, no delimiter) and each page filtered here as it
 * arrives: matches show while the rest is still being read, with how far it
 * got, and Stop cancels the listing call under way.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LISTING_LIMIT_MAX } from '../../../shared/limits';
import { call } from '../api';
import { limitsQuery } from '../cache/queries';
import { keepRows, toListingPage, type ListingPage } from '../cache/listingPage';

export interface FindState {
  text: string;
  pages: ListingPage[];
  /** Names read so far, and the container's object count (from the listing's headers). */
  scanned: number;
  total: number | undefined;
  running: boolean;
  error: unknown;
}

const IDLE: FindState = { text: '', pages: [], scanned: 0, total: undefined, running: false, error: null };

export function useFindObjects(region: string, container: string) {
  const client = useQueryClient();
  const [state, setState] = useState<FindState>(IDLE);
  const running = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState((s) => ({ ...s, running: false }));
  }, []);
  const clear = useCallback(() => {
    stop();
    setState(IDLE);
  }, [stop]);
  useEffect(() => () => running.current?.abort(), []);

  const find = useCallback(
    async (text: string) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ ...IDLE, text, running: true });
      const needle = text.toLocaleLowerCase();
      try {
        const limits = await client.ensureQueryData(limitsQuery(region));
        const limit = Math.min(LISTING_LIMIT_MAX, limits.containerListingLimit);
        for (let marker = ''; ;) {
          const listing = await call(
            'listObjects',
            { region, container, limit, ...(marker ? { marker } : {}) },
            controller.signal,
          );
          const listed = toListingPage(listing, { marker, reverse: false, limit: 0 });
          const page = keepRows(
            listed,
            (name, i) => listed.bytes[i]! >= 0 && name.toLocaleLowerCase().includes(needle),
          );
          if (controller.signal.aborted) return;
          setState((s) => ({
            ...s,
            pages: page.names.length > 0 ? [...s.pages, page] : s.pages,
            scanned: s.scanned + listing.names.length,
            total: listing.container.objectCount,
          }));
          // A short page is the end (Swift fills every page up to the limit).
          if (listing.names.length < limit || listing.nextMarker === undefined) break;
          marker = listing.nextMarker;
        }
        setState((s) => ({ ...s, running: false }));
      } catch (error) {
        if (!controller.signal.aborted) setState((s) => ({ ...s, running: false, error }));
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [client, region, container],
  );

  /** Deleted objects leave the matches too. */
  const forget = useCallback((names: readonly string[]) => {
    const gone = new Set(names);
    setState((s) => ({ ...s, pages: s.pages.map((page) => keepRows(page, (name) => !gone.has(name))) }));
  }, []);

  return { state, find, stop, clear, forget };
}
