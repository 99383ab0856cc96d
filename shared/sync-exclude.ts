/**
 * Exclusion patterns of a sync, in the shape people know from .gitignore and
 * rclone's filters, kept small: `*` and `?` match within one path segment,
 * `**` across segments; a pattern ending in `/` names a folder (anywhere, with
 * everything under it); a pattern with no `/` matches a file's last segment
 * wherever it is; any other pattern matches the whole path inside the folder.
 */

export interface Exclusions {
  /** Whether the file at this `/`-separated path inside the compared folder is left out. */
  excludes(path: string): boolean;
  /**
   * For a walk that goes down only into the folders it keeps: whether the
   * folder at `path`, in a folder kept, is left out with everything in it.
   * Only when every path inside it would be (a folder pattern, or a whole
   * path ending in `/**`); a folder kept may still have files left out.
   */
  excludesFolderIn(path: string): boolean;
  /** For such a walk: whether the file at `path`, called `name`, in a folder kept, is left out. */
  excludesFileIn(path: string, name: string): boolean;
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
  // The part before "/**" of a whole-path pattern: a folder it matches has everything inside it left out.
  const wholeFolders: RegExp[] = [];
  for (const raw of patterns) {
    const p = raw.trim();
    if (p === '' || p.startsWith('#')) continue;
    if (p.endsWith('/')) folders.push(globToRegex(p.replace(/^\/+|\/+$/g, '')));
    else if (!p.includes('/')) lastSegments.push(globToRegex(p));
    else {
      const whole = p.replace(/^\/+/, '');
      wholePaths.push(globToRegex(whole));
      if (whole.endsWith('/**') && whole.length > 3) wholeFolders.push(globToRegex(whole.slice(0, -3)));
    }
  }
  const fileIn = (path: string, name: string): boolean =>
    lastSegments.some((r) => r.test(name)) || wholePaths.some((r) => r.test(path));
  const folderIn = (path: string, name: string): boolean =>
    folders.some((r) => r.test(name) || r.test(path)) || wholeFolders.some((r) => r.test(path));
  return {
    excludes(path: string): boolean {
      const segments = path.split('/');
      if (fileIn(path, segments.at(-1) ?? '')) return true;
      if (folders.length === 0) return false;
      // A folder pattern matches any folder on the way (every segment but the file's own).
      let upTo = '';
      for (let i = 0; i < segments.length - 1; i++) {
        const folder = segments[i]!;
        upTo = i === 0 ? folder : `${upTo}/${folder}`;
        if (folderIn(upTo, folder)) return true;
      }
      return false;
    },
    excludesFolderIn: (path) => folderIn(path, path.slice(path.lastIndexOf('/') + 1)),
    excludesFileIn: fileIn,
  };
}

/** One pattern a line, as the dialog's field holds them. */
export const patternsFromText = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
