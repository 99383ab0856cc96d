/** Reading a symlink's X-Symlink-Target (apart from symlinks.ts, which calls objects/head.ts). */

/** X-Symlink-Target as Swift sends it ("c/o", URL-quoted) as the object it names; undefined when unreadable. */
export function symlinkTargetOf(value: string | null): { container: string; name: string } | undefined {
  if (!value) return undefined;
  const slash = value.indexOf('/');
  if (slash <= 0) return undefined;
  try {
    return { container: decodeURIComponent(value.slice(0, slash)), name: decodeURIComponent(value.slice(slash + 1)) };
  } catch {
    return undefined;
  }
}
