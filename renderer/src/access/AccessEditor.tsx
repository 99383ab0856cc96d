import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { aclProblems, aclText, parseAcl, type AclGrant } from '../../../shared/acl-grants';
import type { Container } from '../../../shared/domain';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { containerKey } from '../cache/queryKeys';
import { AclGrantRows, type GrantRow } from './AclGrantRows';

let nextId = 0;
const rowsOf = (text: string): GrantRow[] =>
  parseAcl(text).flatMap((grant) => (grant.kind === 'listings' ? [] : [{ id: `g${nextId++}`, grant }]));
const grantsOf = (rows: GrantRow[], listings: boolean): AclGrant[] => [
  ...rows.map((r) => r.grant),
  ...(listings ? [{ kind: 'listings' as const }] : []),
];

/**
 * Who else may read and write the container (`X-Container-Read`,
 * `-Write`), as rows instead of Swift's comma-separated text; the text Swift
 * will hold is shown under the rows. The public-read switch above is one
 * preset of this (`.r:*` and listing); after it changes, this editor starts
 * again from what Swift holds.
 */
export function AccessEditor({ region, container }: { region: string; container: Container }) {
  const client = useQueryClient();
  const [read, setRead] = useState(() => rowsOf(container.read));
  const [write, setWrite] = useState(() => rowsOf(container.write));
  const [listings, setListings] = useState(container.readAcl.listings);
  // When what Swift holds changes (this save, or the public-read switch), the rows start again from it;
  // set during render (React's pattern for state derived from props) so "Access saved." stays on screen.
  const held = `${container.read}|${container.write}`;
  const [heldBefore, setHeldBefore] = useState(held);
  if (held !== heldBefore) {
    setHeldBefore(held);
    setRead(rowsOf(container.read));
    setWrite(rowsOf(container.write));
    setListings(container.readAcl.listings);
  }
  const save = useMutation({
    mutationFn: (acls: { read: string; write: string }) =>
      call('setContainerAcls', { region, container: container.name, ...acls }),
    onSuccess: (updated) => client.setQueryData<Container>(containerKey(region, container.name), updated),
  });
  const readText = aclText(grantsOf(read, listings));
  const writeText = aclText(grantsOf(write, false));
  const problems = [...aclProblems(grantsOf(read, listings), 'read'), ...aclProblems(grantsOf(write, false), 'write')];
  const changed = readText !== aclText(parseAcl(container.read)) || writeText !== aclText(parseAcl(container.write));
  const busy = save.isPending;
  const add = (rows: GrantRow[], grant: GrantRow['grant']) => [...rows, { id: `g${nextId++}`, grant }];

  return (
    <form
      className="access-editor"
      aria-label="Read and write access"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed && problems.length === 0) save.mutate({ read: readText, write: writeText });
      }}
    >
      <fieldset className="acl-group">
        <legend>Who may read</legend>
        <AclGrantRows acl="read" rows={read} onChange={setRead} disabled={busy} />
        <div className="acl-add">
          <button type="button" disabled={busy} onClick={() => setRead(add(read, { kind: 'user', who: '' }))}>
            + Account or user
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => setRead(add(read, { kind: 'referrer', host: '', deny: false }))}
          >
            + Referrer
          </button>
        </div>
        <label className="acl-listings">
          <input type="checkbox" checked={listings} disabled={busy} onChange={(e) => setListings(e.target.checked)} />
          Those who may read may also list the objects
        </label>
      </fieldset>
      <fieldset className="acl-group">
        <legend>Who may write</legend>
        <AclGrantRows acl="write" rows={write} onChange={setWrite} disabled={busy} />
        <div className="acl-add">
          <button type="button" disabled={busy} onClick={() => setWrite(add(write, { kind: 'user', who: '' }))}>
            + Account or user
          </button>
        </div>
      </fieldset>
      <p className="muted acl-text">
        Swift will hold: read <code>{readText || '(none)'}</code>, write <code>{writeText || '(none)'}</code>
      </p>
      <div className="meta-actions">
        <p role="status" className="meta-status muted">
          {busy ? 'Saving…' : save.isSuccess && !changed ? 'Access saved.' : ''}
        </p>
        <button
          type="button"
          // Named apart from the metadata editor's Discard in the same pane.
          aria-label="Discard access changes"
          disabled={!changed || busy}
          onClick={() => {
            setRead(rowsOf(container.read));
            setWrite(rowsOf(container.write));
            setListings(container.readAcl.listings);
          }}
        >
          Discard
        </button>
        <button type="submit" className="primary" disabled={!changed || busy || problems.length > 0}>
          Save access
        </button>
      </div>
      {save.isError && (
        <ErrorMessage
          title="Could not change who may read and write."
          error={save.error}
          onRetry={() => save.variables && save.mutate(save.variables)}
        />
      )}
    </form>
  );
}
