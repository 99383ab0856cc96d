/**
 * The field schemas the IPC contract's storage requests are made of: names,
 * listing text, metadata, local paths, operation ids, and the connection
 * fields a sign-in and a saved profile share. Each holds the rule of
 * shared/validation that the main process enforces again against a region's
 * own limits; here they bound what may cross IPC at all.
 */
import { z } from 'zod';
import {
  containerNameShapeProblems,
  MAX_METADATA_ENTRIES,
  metadataShapeProblems,
  objectNameShapeProblems,
  removeKeyProblems,
  signInTextProblems,
  textProblems,
  type Problem,
} from '../validation';
import { MAX_DELETE_AT } from '../expiry';
import { authUrlProblem } from '../auth-url';
import { POLICY_NAME_PATTERN } from '../storage-policies';

export const region = z.string().min(1).max(255);
/** Each problem a shared/validation check finds, as an issue of the field being parsed. */
export const issues =
  <T>(problems: (value: T) => Problem[]) =>
  (value: T, ctx: z.RefinementCtx<T>): void => {
    for (const p of problems(value)) ctx.addIssue({ code: 'custom', message: p.message });
  };
/**
 * Names are checked against the region's own limits in the main process; this bounds the IPC
 * message and refuses what no region accepts (lone surrogates, NUL; "/" in a container name).
 */
export const name = z.string().min(1).max(4096).superRefine(issues(objectNameShapeProblems));
export const containerName = z.string().min(1).max(4096).superRefine(issues(containerNameShapeProblems));
/** Text that ends up in a URL's query or path: a prefix, a marker, a delimiter. */
export const urlText = (what: string, max = 4096) =>
  z
    .string()
    .max(max)
    .superRefine(issues((s: string) => textProblems(s, what)));
/** A listing's marker, prefix or end marker (the issue's path names which). */
export const listingText = urlText('value').optional();
/** The cap comes before the per-entry rules: a huge record costs one count, not a rule check and a message per entry. */
export const metadata = z.record(z.string().max(4096), z.string().max(65_536)).superRefine((m, ctx) => {
  const entries = Object.entries(m);
  if (entries.length > MAX_METADATA_ENTRIES) {
    const message = `${entries.length} metadata entries; at most ${MAX_METADATA_ENTRIES} can be sent at once.`;
    ctx.addIssue({ code: 'custom', message });
    return;
  }
  for (const [key, value] of entries)
    for (const p of metadataShapeProblems(key, value))
      ctx.addIssue({ code: 'custom', path: [key], message: p.message });
});
export const keys = z
  .array(
    z
      .string()
      .min(1)
      .max(4096)
      .superRefine(issues((key: string) => removeKeyProblems([key]))),
  )
  .min(1)
  .max(1000);
export const metadataTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('account') }),
  z.strictObject({ kind: z.literal('container'), container: containerName }),
  z.strictObject({ kind: z.literal('object'), container: containerName, name }),
]);
/** An absolute local path, chosen by the person through a dialog or a drop. */
export const localPath = z
  .string()
  .min(1)
  .max(4096)
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'must be an absolute path');
/** Lets the renderer follow and cancel one long operation. */
export const operationId = z.string().min(1).max(128);
/** Any call the UI may wait on can be given an id, and then cancelled with `cancel({operationId})`. */
export const cancellable = { operationId: operationId.optional() };
export const objectRef = z.strictObject({ container: containerName, name });
/** A pseudo-folder: an object-name prefix that ends in "/". */
export const folderPrefix = name.refine((p) => p.endsWith('/'), 'a folder name ends with "/"');
/** When Swift is to delete an object (`X-Delete-At`, Unix seconds); it refuses a time already passed. */
export const deleteAt = z.number().int().min(1).max(MAX_DELETE_AT);
/** Seconds from the request until Swift deletes what it writes (`X-Delete-After`). */
export const deleteAfter = z.number().int().min(1).max(MAX_DELETE_AT);
/** A storage policy's name or alias as Swift allows one (letters, digits, "-"); absent for the region's default. */
export const storagePolicy = z
  .string()
  .max(255)
  .regex(POLICY_NAME_PATTERN, 'A storage policy name has only letters, digits and "-".')
  .optional();

const httpUrl = z
  .string()
  .trim()
  .superRefine((u, ctx) => {
    const problem = authUrlProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .pipe(z.string().url('The auth URL is not a valid address.'));
export const secret = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('password'), value: z.string().min(1).max(4096) }),
  z.strictObject({ kind: z.literal('apiKey'), value: z.string().min(1).max(4096) }),
  z.strictObject({
    kind: z.literal('applicationCredential'),
    id: z.string().min(1).max(255),
    value: z.string().min(1).max(4096),
  }),
]);
/** Sign-in text: it travels in a JSON body (v2, v3) or a header (v1), where control characters have no place. */
const signInText = z
  .string()
  .max(255)
  .superRefine(issues((s: string) => signInTextProblems(s)));
export const optionalText = signInText.optional();
/** What names an identity service and who signs in there: a sign-in and a saved profile alike. */
export const connectionFields = {
  authUrl: httpUrl,
  authVersion: z.enum(['1', '2', '3']).optional(),
  userName: signInText.default(''),
  tenantName: optionalText,
  tenantId: optionalText,
  userDomain: optionalText,
  projectDomain: optionalText,
};
