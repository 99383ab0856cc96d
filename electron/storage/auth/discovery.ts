import { z } from 'zod';
import { send } from '../http';

/** Keystone's version documents: a list at its root (300 Multiple Choices), or one version at a version's root. */
const link = z.object({ rel: z.string().optional(), href: z.string() });
const version = z.object({ id: z.string(), links: z.array(link).default([]) });
const versionsDocument = z.union([
  z.object({ versions: z.object({ values: z.array(version) }) }),
  z.object({ version }),
]);

/**
 * Where this identity service serves v3, found the way keystoneauth does
 * (GET the URL, read its version document), for an auth URL given without
 * "/v3". Only an address on the same origin is taken: the document must not
 * be able to send the person's password to another host.
 */
export async function discoverV3(authUrl: string, signal?: AbortSignal): Promise<string | undefined> {
  const res = await send({ method: 'GET', url: authUrl, headers: { accept: 'application/json' }, signal });
  if (res.status !== 200 && res.status !== 300) return undefined;
  let doc: z.infer<typeof versionsDocument>;
  try {
    doc = versionsDocument.parse(JSON.parse(res.text));
  } catch {
    return undefined;
  }
  const versions = 'versions' in doc ? doc.versions.values : [doc.version];
  const v3 = versions.find((v) => /^v3(\.|$)/.test(v.id));
  const href = v3?.links.find((l) => (l.rel ?? 'self') === 'self')?.href;
  if (!href) return undefined;
  try {
    const found = new URL(href, authUrl);
    return found.origin === new URL(authUrl).origin ? found.href.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}
