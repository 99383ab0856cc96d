/**
 * Exclusion patterns of a sync, in the shape people know from .gitignore and
 * rclone's filters, kept small: `*` and `?` match within one path segment,
 * `**` across segments; a pattern ending in `/` names a folder (anywhere, with
 * everything under it); a pattern with no `/` matches a file's last segment
 * wherever it is; any other pattern matches the whole path inside the folder.
 */

export interface Exclusions {
  /** Whether the `/`-separated path inside the compared folder is left out. */
  excludes(path: string): boolean;
}

const escapeRegex = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&');

function globToRegex(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += escapeRegex(c);
  }
  return new RegExp(`^${out}$`, 'u');
}

/** The patterns as one check; blank lines and lines starting with `#` are ignored. */
export function exclusions(patterns: readonly string[]): Exclusions {
  const folders: RegExp[] = [];
  const lastSegments: RegExp[] = [];
  const wholePaths: RegExp[] = [];
  for (const raw of patterns) {
    const p = raw.trim();
    if (p === '' || p.startsWith('#')) continue;
    if (p.endsWith('/')) folders.push(globToRegex(p.replace(/^\/+|\/+$/g, '')));
    else if (!p.includes('/')) lastSegments.push(globToRegex(p));
    else wholePaths.push(globToRegex(p.replace(/^\/+/, '')));
  }
  return {
    excludes(path: string): boolean {
      const segments = path.split('/');
      const last = segments.at(-1) ?? '';
      if (lastSegments.some((r) => r.test(last))) return true;
      if (wholePaths.some((r) => r.test(path))) return true;
      if (folders.length === 0) return false;
      // A folder pattern matches any folder on the way (every segment but the file's own).
      let upTo = '';
      for (let i = 0; i < segments.length - 1; i++) {
        const folder = segments[i]!;
        upTo = i === 0 ? folder : `${upTo}/${folder}`;
        if (folders.some((r) => r.test(folder) || r.test(upTo))) return true;
      }
      return false;
    },
  };
}

/** One pattern a line, as the dialog's field holds them. */
export const patternsFromText = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
