import { useId } from 'react';
import { grantProblems, type AclGrant, type AclKind } from '../../../shared/acl-grants';
import { GrantRowEnd } from './GrantRowEnd';

/** A grant being edited; the id keeps React's rows (and focus) stable as rows come and go. */
export type GrantRow = { id: string; grant: Exclude<AclGrant, { kind: 'listings' }> };

type RowKind = 'allow' | 'deny' | 'user';
const kindOf = (g: GrantRow['grant']): RowKind => (g.kind === 'user' ? 'user' : g.deny ? 'deny' : 'allow');
const textOf = (g: GrantRow['grant']): string => (g.kind === 'user' ? g.who : g.host);

function withKind(kind: RowKind, text: string): GrantRow['grant'] {
  return kind === 'user' ? { kind: 'user', who: text } : { kind: 'referrer', host: text, deny: kind === 'deny' };
}

interface Props {
  acl: AclKind;
  rows: GrantRow[];
  onChange: (rows: GrantRow[]) => void;
  disabled: boolean;
}

/**
 * One ACL's grants as rows: who (a referrer host, or an account or user) and,
 * for reading, whether the referrer is allowed or refused. Each row says
 * what is wrong with it right under it, as Swift's own check would.
 */
export function AclGrantRows({ acl, rows, onChange, disabled }: Props) {
  const idPrefix = useId();
  const label = acl === 'read' ? 'Read' : 'Write';
  const put = (id: string, grant: GrantRow['grant']) => onChange(rows.map((r) => (r.id === id ? { id, grant } : r)));
  return (
    <ul className="acl-rows" aria-label={`${label} grants`}>
      {rows.length === 0 && <li className="muted">Nobody else.</li>}
      {rows.map((row, i) => {
        const problems = grantProblems(row.grant, acl);
        const problemId = `${idPrefix}-${row.id}`;
        const name = `${label} grant ${i + 1}`;
        return (
          <li key={row.id} className="acl-row">
            {acl === 'read' && (
              <select
                aria-label={`Kind of ${name}`}
                value={kindOf(row.grant)}
                disabled={disabled}
                onChange={(e) => put(row.id, withKind(e.target.value as RowKind, textOf(row.grant)))}
              >
                <option value="user">Account or user</option>
                <option value="allow">Referrer allowed</option>
                <option value="deny">Referrer refused</option>
              </select>
            )}
            <input
              aria-label={name}
              value={textOf(row.grant)}
              placeholder={row.grant.kind === 'user' ? 'account or account:user' : 'example.com, .example.com or *'}
              spellCheck={false}
              autoComplete="off"
              disabled={disabled}
              aria-invalid={problems.length > 0}
              aria-describedby={problems.length > 0 ? problemId : undefined}
              onChange={(e) => put(row.id, withKind(kindOf(row.grant), e.target.value))}
            />
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
