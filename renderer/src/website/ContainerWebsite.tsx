import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Container } from '../../../shared/domain';
import {
  spaceList,
  WEBSITE_TEXT_FIELDS,
  websiteOf,
  websiteProblems,
  type WebsiteChange,
  type WebsiteTextField,
} from '../../../shared/website';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { containerKey } from '../cache/queryKeys';
import { useLimits } from '../cache/queries';
import { WebsiteAddress } from './WebsiteAddress';
import { WebsiteField } from './WebsiteField';
import './website.css';

const HEADERS: Record<WebsiteTextField | 'listings', string> = {
  index: 'Web-Index',
  error: 'Web-Error',
  listings: 'Web-Listings',
  listingsCss: 'Web-Listings-CSS',
  allowOrigin: 'Access-Control-Allow-Origin',
  maxAge: 'Access-Control-Max-Age',
  exposeHeaders: 'Access-Control-Expose-Headers',
};

/** Lists are typed one per line (origins) or space-separated (headers); Swift stores both space-separated. */
const stored = (field: WebsiteTextField, typed: string) =>
  field === 'allowOrigin' || field === 'exposeHeaders' ? spaceList(typed) : typed.trim();
const shown = (field: WebsiteTextField, value: string) =>
  field === 'allowOrigin' ? value.split(' ').join('\n') : value;

type Edits = Partial<Record<WebsiteTextField, string>> & { listings?: boolean };
const CLEARED: Edits = { ...Object.fromEntries(WEBSITE_TEXT_FIELDS.map((f) => [f, ''])), listings: false };

/**
 * The container as a static website (staticweb's Web-* keys) and its CORS
 * rules (the Access-Control-* keys), as named fields. Only what the person
 * changed is sent, in one POST that keeps every other key; a field emptied
 * removes its key. See shared/website.ts for what Swift does with each.
 */
export function ContainerWebsite({ region, container }: { region: string; container: Container }) {
  const id = useId();
  const client = useQueryClient();
  const limits = useLimits(region);
  const held = websiteOf(container.metadata);
  // Only the touched fields are kept; the rest always show what Swift holds.
  const [edits, setEdits] = useState<Edits>({});
  const save = useMutation({
    mutationFn: (change: WebsiteChange) => call('setContainerWebsite', { region, container: container.name, change }),
    onSuccess: (updated) => {
      client.setQueryData<Container>(containerKey(region, container.name), updated);
      setEdits({});
    },
  });
  const busy = save.isPending;
  const text = (f: WebsiteTextField) => edits[f] ?? shown(f, held[f]);
  const listings = edits.listings ?? held.listings;
  const problems = (f: WebsiteTextField) => websiteProblems(f, stored(f, text(f)), limits.data?.maxMetaValueLength);
  const changed = WEBSITE_TEXT_FIELDS.filter((f) => stored(f, text(f)) !== held[f]);
  const change: WebsiteChange = Object.fromEntries(changed.map((f) => [f, stored(f, text(f)) || null]));
  if (listings !== held.listings) change.listings = listings;
  const removed = [
    ...changed.filter((f) => change[f] === null),
    ...(change.listings === false ? ['listings' as const] : []),
  ];
  const set = [
    ...changed.filter((f) => change[f] !== null),
    ...(change.listings === true ? ['listings' as const] : []),
  ];
  const dirty = set.length + removed.length > 0;
  const nothingSet = !listings && WEBSITE_TEXT_FIELDS.every((f) => text(f).trim() === '');
  const valid = changed.every((f) => problems(f).length === 0);
  const field = (f: WebsiteTextField) => ({
    header: HEADERS[f],
    value: text(f),
    onChange: (value: string) => setEdits({ ...edits, [f]: value }),
    problems: problems(f),
    disabled: busy,
  });
  const suffix = stored('error', text('error')) || 'error.html';

  return (
    <form
      className="website"
      aria-label="Website and CORS"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty && valid) save.mutate(change);
      }}
    >
      <WebsiteAddress region={region} container={container} />
      <WebsiteField
        label="Index page"
        hint="Served for the site’s address and for every folder address that ends in “/”."
        placeholder="not set, e.g. index.html"
        {...field('index')}
      />
      <WebsiteField
        label="Error page suffix"
        hint={`Swift serves an error as the object “status + suffix”: a missing page shows 404${suffix}, still as a 404.`}
        placeholder="not set, e.g. error.html"
        {...field('error')}
      />
      <div className="website-field">
        <div className="website-check">
          <label>
            <input
              type="checkbox"
              checked={listings}
              disabled={busy}
              aria-describedby={`${id}-listings`}
              onChange={(e) => setEdits({ ...edits, listings: e.target.checked })}
            />
            List the objects of folders that have no index page
          </label>
          <span className="muted website-header">{HEADERS.listings}</span>
        </div>
        <span id={`${id}-listings`} className="muted website-hint">
          Off: a folder without an index page answers 404 (“Web Listing Disabled”).
        </span>
      </div>
      <WebsiteField
        label="Listings stylesheet"
        hint="A name in this container (found from its root, e.g. listing.css), a path from the host (/…) or an https:// address."
        {...field('listingsCss')}
      />
      <fieldset className="website-cors">
        <legend>CORS</legend>
        <p className="muted website-hint">Lets pages of other sites read this container from a browser.</p>
        <WebsiteField
          label="Allowed origins"
          hint="One per line, exactly as browsers send it: scheme://host[:port], or * for any site."
          placeholder="none, e.g. https://app.example.com"
          multiline
          {...field('allowOrigin')}
        />
        <WebsiteField
          label="Max age (seconds)"
          hint="How long a browser may reuse the answer to a preflight."
          inputMode="numeric"
          {...field('maxAge')}
        />
        <WebsiteField
          label="Exposed headers"
          hint="Separated by spaces. Swift already exposes Content-Type, ETag, Last-Modified, X-Object-Meta-* and a few more."
          {...field('exposeHeaders')}
        />
      </fieldset>
      <div className="meta-actions">
        <p role="status" className="website-status muted">
          {busy
            ? 'Saving…'
            : dirty
              ? [
                  set.length > 0 ? `Will set ${set.map((f) => HEADERS[f]).join(', ')}.` : '',
                  removed.length > 0 ? `Will remove ${removed.map((f) => HEADERS[f]).join(', ')}.` : '',
                ].join(' ')
              : save.isSuccess
                ? 'Website settings saved.'
                : ''}
        </p>
        <button type="button" disabled={busy || nothingSet} onClick={() => setEdits(CLEARED)}>
          Clear all
        </button>
        <button
          type="button"
          aria-label="Discard website changes"
          disabled={!dirty || busy}
          onClick={() => setEdits({})}
        >
          Discard
        </button>
        <button type="submit" className="primary" disabled={!dirty || !valid || busy}>
          Save website
        </button>
      </div>
      {save.isError && (
        <ErrorMessage
          title="Could not change the website settings."
          error={save.error}
          onRetry={() => save.variables && save.mutate(save.variables)}
        />
      )}
    </form>
  );
}
