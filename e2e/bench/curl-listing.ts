import type { Context } from './group';
import { runTool } from './peers';
import { objectUrl } from './swift-api';

/** The listing limit Swift answers with at most: a page of the compare's own size. */
const PAGE = 10_000;

/**
 * The objects of `container` under `prefix` listed a page of 10,000 at a
 * time, a curl process per page: the least any compare of them can do.
 */
export async function curlListing(
  ctx: Context,
  container: string,
  prefix: string,
): Promise<{ count: number; seconds: number }> {
  const started = performance.now();
  let count = 0;
  for (let marker = ''; ;) {
    const query = `format=json&limit=${PAGE}&prefix=${encodeURIComponent(prefix)}&marker=${encodeURIComponent(marker)}`;
    const url = `${objectUrl(ctx.auth, container)}?${query}`;
    const { stdout } = await runTool('curl', ['-sS', '-f', '-H', `x-auth-token: ${ctx.auth.token}`, url]);
    const page = JSON.parse(stdout || '[]') as { name: string }[];
    count += page.length;
    if (page.length < PAGE) break;
    marker = page.at(-1)!.name;
  }
  return { count, seconds: (performance.now() - started) / 1000 };
}
