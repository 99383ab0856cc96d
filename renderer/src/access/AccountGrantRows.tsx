import { useId } from 'react';
import {
  ACCOUNT_LEVELS,
  accountGrantProblems,
  LEVEL_LABELS,
  type AccountGrant,
  type AccountLevel,
} from '../../../shared/account-acl';
import { GrantRowEnd } from './GrantRowEnd';

/** A grant being edited; the id keeps React's rows (and focus) stable as rows come and go. */
export type AccountGrantRow = { id: string; grant: AccountGrant };

interface Props {
  rows: AccountGrantRow[];
  onChange: (rows: AccountGrantRow[]) => void;
  disabled: boolean;
}

/**
 * The account's grants as rows: who, and at what level. Each row says what is
 * wrong with it right under it; what the levels allow is said once, beside.
 */
export function AccountGrantRows({ rows, onChange, disabled }: Props) {
  const idPrefix = useId();
  const put = (id: string, grant: AccountGrant) => onChange(rows.map((r) => (r.id === id ? { id, grant } : r)));
  return (
    <ul className="acl-rows" aria-label="Account grants">
      {rows.length === 0 && <li className="muted">No one else.</li>}
      {rows.map((row, i) => {
        const problems = accountGrantProblems(row.grant.who);
        const problemId = `${idPrefix}-${row.id}`;
        const name = `Account grant ${i + 1}`;
        return (
          <li key={row.id} className="acl-row">
            <input
              aria-label={name}
              value={row.grant.who}
              placeholder="account:user, account or AUTH_account"
              spellCheck={false}
              autoComplete="off"
              disabled={disabled}
              aria-invalid={problems.length > 0}
              aria-describedby={problems.length > 0 ? problemId : undefined}
              onChange={(e) => put(row.id, { ...row.grant, who: e.target.value })}
            />
            <select
              aria-label={`Level of ${name}`}
              value={row.grant.level}
              disabled={disabled}
              onChange={(e) => put(row.id, { ...row.grant, level: e.target.value as AccountLevel })}
            >
              {ACCOUNT_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {LEVEL_LABELS[level]}
                </option>
              ))}
            </select>
            <GrantRowEnd
              name={name}
              problemId={problemId}
              problems={problems}
              disabled={disabled}
              onRemove={() => onChange(rows.filter((r) => r.id !== row.id))}
            />
          </li>
        );
      })}
    </ul>
  );
}
