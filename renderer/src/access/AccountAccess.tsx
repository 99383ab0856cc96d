import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACCOUNT_LEVELS,
  accountAclProblems,
  accountAclText,
  accountListProblems,
  LEVEL_LABELS,
  LEVEL_MEANINGS,
  type AccountAccess as Access,
  type AccountGrant,
} from '../../../shared/account-acl';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { accountAccessKey } from '../cache/queryKeys';
import { AccountGrantRows, type AccountGrantRow } from './AccountGrantRows';
import './account-access.css';

let nextId = 0;
const rowsOf = (grants: readonly AccountGrant[]): AccountGrantRow[] =>
  grants.map((grant) => ({ id: `a${nextId++}`, grant }));

/**
 * Who else has access to the whole account (`X-Account-Access-Control`), for
 * its owner: rows of who and level, what each level allows, and the JSON
 * Swift will hold. Swift shows the list to the owner only, so anyone else is
 * told that, never "no one".
 */
export function AccountAccess({ region }: { region: string }) {
  const access = useQuery({
    queryKey: accountAccessKey(region),
    queryFn: ({ signal }) => call('getAccountAccess', { region }, signal),
  });
  if (access.isError && !access.data) {
    return (
      <ErrorMessage
        title="Could not read who has access to the account."
        error={access.error}
        onRetry={() => void access.refetch()}
        retrying={access.isFetching}
      />
    );
  }
  if (!access.data) return <p className="muted">Loading…</p>;
  switch (access.data.kind) {
    case 'unsupported':
      return (
        <p className="muted">
          This region’s auth system keeps no account access lists (its /info offers no account ACLs): share single
          containers through their own access instead.
        </p>
      );
    case 'not-owner':
      return (
        <p className="muted">
          Swift shows who has access to an account only to its owner, and you are not signed in as the owner: any grants
          are hidden from you, and only the owner can change them.
        </p>
      );
    case 'owner':
      return <AccountAccessEditor region={region} grants={access.data.grants} />;
  }
}

function AccountAccessEditor({ region, grants }: { region: string; grants: AccountGrant[] }) {
  const client = useQueryClient();
  const [rows, setRows] = useState(() => rowsOf(grants));
  // When what Swift holds changes (this save), the rows start again from it; set during render
  // (React's pattern for state derived from props) so "Account access saved." stays on screen.
  const held = accountAclText(grants);
  const [heldBefore, setHeldBefore] = useState(held);
  if (held !== heldBefore) {
    setHeldBefore(held);
    setRows(rowsOf(grants));
  }
  const save = useMutation({
    mutationFn: (next: AccountGrant[]) => call('setAccountAccess', { region, grants: next }),
    onSuccess: (updated) => client.setQueryData<Access>(accountAccessKey(region), updated),
  });
  const drafted = rows.map((r) => r.grant);
  const text = accountAclText(drafted);
  const problems = accountAclProblems(drafted);
  const changed = text !== held;
  const busy = save.isPending;

  return (
    <form
      className="account-access"
      aria-label="Account access"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed && problems.length === 0) save.mutate(drafted);
      }}
    >
      <p className="muted">Who else may use every container of this account, besides you:</p>
      <AccountGrantRows rows={rows} onChange={setRows} disabled={busy} />
      <div className="acl-add">
        <button
          type="button"
          disabled={busy}
          onClick={() => setRows([...rows, { id: `a${nextId++}`, grant: { who: '', level: 'read-only' } }])}
        >
          + User or account
        </button>
      </div>
      <dl className="account-levels">
        {ACCOUNT_LEVELS.map((level) => (
          <div key={level}>
            <dt>{LEVEL_LABELS[level]}</dt>
            <dd className="muted">{LEVEL_MEANINGS[level]}</dd>
          </div>
        ))}
      </dl>
      <p className="muted acl-text">
        Swift will hold: <code>{text || '(no X-Account-Access-Control)'}</code>
      </p>
      {accountListProblems(drafted).map((problem) => (
        <p key={problem} className="meta-problem">
          {problem}
        </p>
      ))}
      <div className="meta-actions">
        <p role="status" className="meta-status muted">
          {busy ? 'Saving…' : save.isSuccess && !changed ? 'Account access saved.' : ''}
        </p>
        <button
          type="button"
          aria-label="Discard account access changes"
          disabled={!changed || busy}
          onClick={() => setRows(rowsOf(grants))}
        >
          Discard
        </button>
        <button type="submit" className="primary" disabled={!changed || busy || problems.length > 0}>
          Save account access
        </button>
      </div>
      {save.isError && (
        <ErrorMessage
          title="Could not change who has access to the account."
          error={save.error}
          onRetry={() => save.variables && save.mutate(save.variables)}
        />
      )}
    </form>
  );
}
