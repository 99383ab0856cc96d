/**
 * Swift's storage policies as plain rules, shared by the main process and the
 * page: the policies a region offers (`GET /info`, key `swift.policies`), an
 * account's usage per policy (`X-Account-Storage-Policy-<name>-*` on the
 * account HEAD), and matching a name the way Swift does.
 */

/** A policy a region offers. Swift leaves deprecated policies out of /info: no new container may use them. */
export interface StoragePolicy {
  name: string;
  /** Other names Swift accepts in `X-Storage-Policy` for the same policy (the name itself not repeated). */
  aliases: string[];
  /** The policy a container gets when its PUT names none. */
  isDefault: boolean;
}

/** What an account keeps in one policy. */
export interface PolicyUsage {
  /** As /info spells it where /info lists it; otherwise (a deprecated policy) in lower case, as the header gives it. */
  name: string;
  containerCount: number;
  objectCount: number;
  bytesUsed: number;
}

/** Swift's rule for a policy name (storage_policy.py VALID_CHARS): letters, digits and "-". */
export const POLICY_NAME_PATTERN = /^[A-Za-z0-9-]+$/;

/**
 * Swift finds a policy by `name.upper()` (POLICIES.get_by_name) and refuses
 * two names that differ only in case, so a case-blind match is exact.
 */
export const samePolicyName = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();

/** The policy `nameOrAlias` names, as Swift would read it in `X-Storage-Policy`. */
export function findPolicy(policies: readonly StoragePolicy[], nameOrAlias: string): StoragePolicy | undefined {
  return policies.find(
    (p) => samePolicyName(p.name, nameOrAlias) || p.aliases.some((a) => samePolicyName(a, nameOrAlias)),
  );
}

export const defaultPolicy = (policies: readonly StoragePolicy[]): StoragePolicy | undefined =>
  policies.find((p) => p.isDefault) ?? (policies.length === 1 ? policies[0] : undefined);

/** `/info`'s `policies` entries, checked: a malformed entry is left out rather than failing the whole of /info. */
export function policiesFromInfo(raw: unknown): StoragePolicy[] {
  if (!Array.isArray(raw)) return [];
  const policies: StoragePolicy[] = [];
  for (const entry of raw as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, aliases, default: isDefault } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || !POLICY_NAME_PATTERN.test(name)) continue;
    // Swift sends the aliases as one string, the name first: "Policy-0, yellow, orange".
    const others = (typeof aliases === 'string' ? aliases.split(',') : [])
      .map((a) => a.trim())
      .filter((a) => POLICY_NAME_PATTERN.test(a) && !samePolicyName(a, name));
    policies.push({ name, aliases: others, isDefault: isDefault === true });
  }
  return policies;
}

const USAGE_HEADER = /^x-account-storage-policy-(.+)-(container-count|object-count|bytes-used)$/i;

/**
 * An account's usage per policy from the account HEAD's headers, named as
 * `known` (the region's /info) names them, in /info's order; a policy /info
 * does not list (a deprecated one still holding containers) comes after. A
 * policy /info lists but the headers leave out holds nothing yet: Swift
 * sends a policy's figures only once a container of it was reported. The
 * header keeps a name's letters but not their case: "archive" arrives as
 * `X-Account-Storage-Policy-Archive-Bytes-Used` (seen on Swift 2.30), so the
 * names are matched with samePolicyName.
 */
export function policyUsage(headers: Iterable<[string, string]>, known: readonly StoragePolicy[]): PolicyUsage[] {
  const found = new Map<string, PolicyUsage>();
  for (const [header, value] of headers) {
    const match = USAGE_HEADER.exec(header);
    if (!match) continue;
    const raw = match[1]!;
    const name = known.find((p) => samePolicyName(p.name, raw))?.name ?? raw;
    const key = name.toUpperCase();
    const usage = found.get(key) ?? { name, containerCount: 0, objectCount: 0, bytesUsed: 0 };
    const n = Number(value);
    const figure = Number.isFinite(n) && n >= 0 ? n : 0;
    if (match[2]!.toLowerCase() === 'container-count') usage.containerCount = figure;
    else if (match[2]!.toLowerCase() === 'object-count') usage.objectCount = figure;
    else usage.bytesUsed = figure;
    found.set(key, usage);
  }
  const listed = known.map(
    (p) => found.get(p.name.toUpperCase()) ?? { name: p.name, containerCount: 0, objectCount: 0, bytesUsed: 0 },
  );
  const others = [...found.values()].filter((u) => !known.some((p) => samePolicyName(p.name, u.name)));
  return [...listed, ...others];
}
