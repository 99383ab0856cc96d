/**
 * "Keep both": the name with a number before its extension, as desktop file
 * managers do ("report (2).pdf"), for an object or a local file alike.
 */
export function numberedName(name: string, n: number): string {
  const slash = name.lastIndexOf('/');
  const [folder, file] = [name.slice(0, slash + 1), name.slice(slash + 1)];
  const dot = file.lastIndexOf('.');
  return dot <= 0 ? `${folder}${file} (${n})` : `${folder}${file.slice(0, dot)} (${n})${file.slice(dot)}`;
}

/** The first numbered name `taken` does not hold (tries 2, 3, … up to `tries`). */
export async function firstFreeName(
  name: string,
  taken: (candidate: string) => Promise<boolean>,
  tries = 1000,
): Promise<string | undefined> {
  for (let n = 2; n <= tries; n++) {
    const candidate = numberedName(name, n);
    if (!(await taken(candidate))) return candidate;
  }
  return undefined;
}
