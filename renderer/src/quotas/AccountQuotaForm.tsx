import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Account } from '../../../shared/domain';
import { limitProblem, parseSize, quotaOf } from '../../../shared/quotas';
import { call, isApiError } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatExactBytes } from '../ui/format';
import { accountKey } from '../cache/queryKeys';
import { FieldProblems } from '../ui/FieldProblems';

/**
 * "Set the account's quota": the account's `Quota-Bytes`, which Swift's
 * account_quotas lets only a reseller admin set. The page does not know the
 * person's roles, so it offers the form to everyone, says whom it is for, and
 * shows Swift's refusal as a sentence; nothing else changes then. Keyed by
 * the quota Swift holds, so the field starts from it after every change.
 */
export function AccountQuotaForm({ region, account }: { region: string; account: Account }) {
  const id = useId();
  const client = useQueryClient();
  const held = quotaOf(account.metadata).bytes;
  const [text, setText] = useState(held === undefined ? '' : String(held));
  const save = useMutation({
    mutationFn: (bytes: number | null) => call('setAccountQuota', { region, bytes }),
    onSuccess: (updated) => client.setQueryData<Account>(accountKey(region), updated),
  });
  const problem = limitProblem(text, 'bytes');
  const typed = text.trim() === '' ? null : (parseSize(text) ?? null);
  const unchanged = typed === (held ?? null);

  return (
    <form
      className="quota-form account-quota-form"
      aria-label="Set the account’s quota"
      onSubmit={(e) => {
        e.preventDefault();
        if (problem === '' && !unchanged) save.mutate(typed);
      }}
    >
      <p className="muted">Set the account’s quota (for reseller admins: Swift lets no one else set it).</p>
      <label htmlFor={`${id}-bytes`}>Account size limit</label>
      <input
        id={`${id}-bytes`}
        value={text}
        placeholder="none, or e.g. 100 GB"
        aria-describedby={`${id}-exact`}
        aria-invalid={problem !== ''}
        onChange={(e) => setText(e.target.value)}
        disabled={save.isPending}
      />
      <span id={`${id}-exact`} className="muted quota-exact">
        {typed === null ? '' : `= ${formatExactBytes(typed)}`}
      </span>
      <FieldProblems problems={problem ? [{ message: problem }] : []} />
      <div className="quota-actions">
        <button type="button" disabled={save.isPending || held === undefined} onClick={() => save.mutate(null)}>
          Clear account quota
        </button>
        <button type="submit" className="primary" disabled={save.isPending || unchanged || problem !== ''}>
          {save.isPending ? 'Saving…' : 'Save account quota'}
        </button>
      </div>
      {save.isError && (
        <ErrorMessage
          title="The account’s quota is unchanged."
          error={save.error}
          // A refusal would only come again; anything else may pass on a second try.
          {...(isApiError(save.error, 'forbidden') ? {} : { onRetry: () => save.mutate(save.variables ?? null) })}
        />
      )}
    </form>
  );
}
