import { useId, useState } from 'react';
import type { ExpiryChoice } from '../../../shared/expiry';
import {
  ipRangeProblems,
  linkExpiresAt,
  linkExpiryProblems,
  type LinkUnit,
  type TempUrlDigest,
  type TempUrlMethod,
} from '../../../shared/temp-url';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { ExpiryPicker } from '../ui/ExpiryPicker';
import { FieldProblems } from '../ui/FieldProblems';
import { useNow } from '../ui/useNow';
import { visibleName } from '../ui/untrustedText';
import { PublicUrlField } from '../ui/PublicUrlField';
import { useAccount, useContainerFigures, useLimits } from '../cache/queries';
import { useMakeTempUrl } from './queries';
import { linkExpiryOf, linkLifeText, sessionLinks, type LinkTarget } from './tempLinks';

interface Props {
  region: string;
  container: string;
  target: LinkTarget;
  onClose: () => void;
}

const DIGEST_NAMES: Record<TempUrlDigest, string> = { sha1: 'SHA-1', sha256: 'SHA-256', sha512: 'SHA-512' };

function titleOf(container: string, target: LinkTarget): string {
  if (target.kind === 'object') return `Temporary link to “${visibleName(target.name)}”`;
  if (target.prefix === '') return `Temporary link to everything in “${visibleName(container)}”`;
  return `Temporary link to everything under “${visibleName(target.prefix)}”`;
}

/**
 * Makes a link that works without signing in, for a while: the method, how
 * long, from where, the digest the region accepts and whose key signs. The
 * main process signs it (the keys never come to the page); the link shows
 * here to copy, and joins the session's list.
 */
export function TempLinkDialog({ region, container, target, onClose }: Props) {
  const id = useId();
  const now = useNow();
  const support = useLimits(region).data?.tempUrl;
  const account = useAccount(region);
  const containerQuery = useContainerFigures(region, container);
  const accountKeys = account.data?.tempUrlKeys;
  const containerKeys = containerQuery.data?.tempUrlKeys;
  // A person granted one container by ACL may not read the account (403): its key is then simply not offered.
  const keysKnown = (account.data || account.isError) && (containerQuery.data || containerQuery.isError);
  const make = useMakeTempUrl();
  const scopes = [
    ...(containerKeys && (containerKeys.first || containerKeys.second) ? (['container'] as const) : []),
    ...(accountKeys && (accountKeys.first || accountKeys.second) ? (['account'] as const) : []),
  ];
  const methods = support?.methods.filter((m): m is TempUrlMethod => ['GET', 'PUT', 'HEAD'].includes(m)) ?? [];
  const digests = support?.digests ?? [];

  const [method, setMethod] = useState<TempUrlMethod>('GET');
  const [choice, setChoice] = useState<ExpiryChoice>({ kind: 'days', days: '1' });
  const [unit, setUnit] = useState<LinkUnit>('hours');
  const [ipRange, setIpRange] = useState('');
  const [digest, setDigest] = useState<TempUrlDigest | undefined>();
  const [scope, setScope] = useState<'account' | 'container' | undefined>();
  const [made, setMade] = useState<{ url: string; method: TempUrlMethod; expiresAtMs: number }>();

  const expiry = linkExpiryOf(choice, unit);
  const expiryProblems = expiry ? linkExpiryProblems(expiry, now) : [];
  const ipProblems = ipRange.trim() === '' ? [] : ipRangeProblems(ipRange.trim());
  // Defaults follow what has loaded: the first digest /info offers (SHA-256 where it can), the container's key first.
  const chosenDigest = digest ?? digests[0];
  const chosenScope = scope ?? scopes[0];
  const ready =
    support !== undefined &&
    chosenDigest !== undefined &&
    chosenScope !== undefined &&
    expiry !== undefined &&
    expiryProblems.length === 0 &&
    ipProblems.length === 0 &&
    !make.isPending;

  function submit() {
    const expiresAt = expiry && linkExpiresAt(expiry, Date.now());
    if (!ready || expiresAt === undefined) return;
    const range = ipRange.trim();
    make.mutate(
      {
        region,
        container,
        target,
        method,
        expiresAt,
        digest: chosenDigest,
        keyScope: chosenScope,
        ...(range ? { ipRange: range } : {}),
      },
      {
        onSuccess: ({ url, expiresAt: iso }) => {
          const expiresAtMs = Date.parse(iso);
          setMade({ url, method, expiresAtMs });
          sessionLinks.add({ region, container, target, method, url, expiresAtMs });
        },
      },
    );
  }

  return (
    <Dialog
      title={titleOf(container, target)}
      onSubmit={submit}
      onClose={onClose}
      busy={make.isPending}
      actions={
        <>
          <button type="button" onClick={onClose} disabled={make.isPending}>
            Close
          </button>
          <button type="submit" className="primary" disabled={!ready}>
            {make.isPending ? 'Making…' : made ? 'Make another' : 'Make link'}
          </button>
        </>
      }
    >
      {support === undefined ? (
        <p>This region does not offer temporary URLs (its /info lists no tempurl).</p>
      ) : scopes.length === 0 ? (
        <p role="status">
          {keysKnown
            ? 'Neither the account nor this container has a temporary URL key. Set one under “Temporary URL keys” in the container’s or the account’s details first.'
            : 'Reading the keys…'}
        </p>
      ) : (
        <>
          <div className="dialog-fields">
            <label htmlFor={`${id}-method`}>Method</label>
            <select id={`${id}-method`} value={method} onChange={(e) => setMethod(e.target.value as TempUrlMethod)}>
              {methods.map((m) => (
                <option key={m} value={m}>
                  {m === 'GET' ? 'GET (download)' : m === 'PUT' ? 'PUT (upload)' : 'HEAD (check)'}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-digest`}>Signature</label>
            <select
              id={`${id}-digest`}
              value={chosenDigest}
              onChange={(e) => setDigest(e.target.value as TempUrlDigest)}
            >
              {digests.map((d) => (
                <option key={d} value={d}>
                  {DIGEST_NAMES[d]}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-scope`}>Signed with</label>
            <select
              id={`${id}-scope`}
              value={chosenScope}
              onChange={(e) => setScope(e.target.value as 'account' | 'container')}
            >
              {scopes.map((s) => (
                <option key={s} value={s}>
                  {s === 'container' ? 'The container’s key' : 'The account’s key'}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-ip`}>IP range</label>
            <input
              id={`${id}-ip`}
              placeholder="Any (optional)"
              spellCheck={false}
              value={ipRange}
              aria-invalid={ipProblems.length > 0}
              aria-describedby={`${id}-ip-problems`}
              onChange={(e) => setIpRange(e.target.value)}
            />
          </div>
          <FieldProblems id={`${id}-ip-problems`} problems={ipProblems.map((message) => ({ message }))} />
          <ExpiryPicker
            legend="Link expires"
            neverLabel={null}
            value={choice}
            onChange={setChoice}
            now={now}
            unit={{ value: unit, onChange: setUnit }}
            problems={expiryProblems}
          />
        </>
      )}
      {made && (
        <div role="status" className="public-read-status">
          <PublicUrlField url={made.url} label="Temporary link" />
          <p className="muted">
            {made.method} · {linkLifeText(made.expiresAtMs, now)}
          </p>
        </div>
      )}
      {make.isError && <ErrorMessage title="Could not make the link." error={make.error} />}
    </Dialog>
  );
}
