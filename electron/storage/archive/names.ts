// Which objects an archive's members would become under a prefix, and which
// of them Swift would refuse: pure, so a new prefix needs no second read.
import { normalizePrefix } from '../../../shared/folder-prefix';
import type { ServiceLimits } from '../../../shared/limits';
import { byteLength } from '../../../shared/validation';
import type { ArchiveMember } from './read';

export const FIRST_MEMBERS = 20;
export const LISTED_REJECTIONS = 50;

export interface PlannedObjects {
  memberCount: number;
  totalBytes: number;
  firstMembers: { name: string; bytes: number }[];
  /** The first rejected members; `rejectedCount` counts all of them. */
  rejected: { name: string; reason: string }[];
  rejectedCount: number;
  /** Every name Swift would accept, once each, for the overwrite check. */
  acceptedNames: string[];
}

const formatSize = (bytes: number): string =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1).replace(/\.0$/, '')} GiB` : `${bytes} bytes`;

/**
 * Why Swift would refuse the object, in the order bulk.py and the proxy check:
 * check_utf8 on the path (412), the size (413), then the object name's
 * length in the PUT (400).
 */
function refusal(name: string, member: ArchiveMember, limits: ServiceLimits): string | undefined {
  if (!member.validUtf8) return 'The name is not valid UTF-8 (Swift answers 412 Precondition Failed).';
  if (name.includes('\0')) return 'The name contains a NUL character (Swift answers 412 Precondition Failed).';
  if (name.length === 0) return 'The name is empty, so it cannot become an object.';
  if (member.bytes > limits.maxFileSize) {
    return `The file is ${formatSize(member.bytes)}; this region stores at most ${formatSize(limits.maxFileSize)} in one object (Swift answers 413).`;
  }
  const bytes = byteLength(name);
  if (bytes > limits.maxObjectNameLength) {
    return `The object name is ${bytes} bytes long; this region allows at most ${limits.maxObjectNameLength} (Swift answers 400 Bad Request).`;
  }
  return undefined;
}

export function planObjects(members: ArchiveMember[], prefix: string, limits: ServiceLimits): PlannedObjects {
  const base = normalizePrefix(prefix);
  const plan: PlannedObjects = {
    memberCount: members.length,
    totalBytes: 0,
    firstMembers: [],
    rejected: [],
    rejectedCount: 0,
    acceptedNames: [],
  };
  const accepted = new Set<string>();
  for (const member of members) {
    // bulk.py: extract_base + '/' + obj_path, where extract_base is "<container>/<prefix>".
    const name = base ? `${base}/${member.path}` : member.path;
    plan.totalBytes += member.bytes;
    if (plan.firstMembers.length < FIRST_MEMBERS) plan.firstMembers.push({ name, bytes: member.bytes });
    const reason = refusal(name, member, limits);
    if (reason === undefined) {
      accepted.add(name);
      continue;
    }
    plan.rejectedCount += 1;
    if (plan.rejected.length < LISTED_REJECTIONS) plan.rejected.push({ name, reason });
  }
  plan.acceptedNames = [...accepted];
  return plan;
}
