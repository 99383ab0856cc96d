// The report Swift's bulk middleware (swift/common/middleware/bulk.py) sends for
// `?bulk-delete`, `?extract-archive` and, through SLO, `?multipart-manifest=delete`.
import { z } from 'zod';
import { StorageError, codeForStatus } from './errors';
import { withRequestId } from './response-parts';

/** What every report holds, with the paths made readable. */
export interface BulkReport {
  /** "Response Status", e.g. "201 Created": not 2xx when something failed. */
  status: string;
  /** "Response Body": why the request as a whole failed, '' otherwise. */
  body: string;
  /** The members or objects that failed, and Swift's status for each. */
  errors: { path: string; status: string }[];
}
export interface DeleteReport extends BulkReport {
  deleted: number;
  notFound: number;
}
export interface ExtractReport extends BulkReport {
  created: number;
}

const count = z.number().int().nonnegative();
const common = {
  'Response Status': z.string(),
  'Response Body': z.string().default(''),
  Errors: z.array(z.tuple([z.string(), z.string()])).default([]),
};
const deleteFields = z.looseObject({ ...common, 'Number Deleted': count, 'Number Not Found': count });
const extractFields = z.looseObject({ ...common, 'Number Files Created': count });

/** The keys bulk.py writes, so that a line of a plain-text "Response Body" is not taken for one. */
const KEYS = ['Number Deleted', 'Number Not Found', 'Number Files Created', 'Response Body', 'Response Status'];

/**
 * bulk.py's plain-text form, its default when a request has no Accept header
 * (Cirrus asks for JSON; a proxy on the way may drop the header):
 * "Key: value" lines in key order, then "Errors:" and a "path, status" line per failure.
 */
function plainTextFields(text: string): Record<string, unknown> {
  const lines = text.split(/\r?\n/);
  const errorsAt = lines.indexOf('Errors:');
  if (errorsAt < 0) throw new Error('no "Errors:" line');
  const fields: Record<string, string> = {};
  let last: string | undefined;
  for (const line of lines.slice(0, errorsAt)) {
    const key = KEYS.find((k) => line.startsWith(`${k}: `) || line === `${k}:`);
    if (key) fields[(last = key)] = line.slice(key.length + 2);
    else if (last)
      fields[last] += `\n${line}`; // a value of several lines (an error page)
    else throw new Error('not a bulk report');
  }
  const errors = lines.slice(errorsAt + 1).flatMap((line): [string, string][] => {
    // Swift URL-quotes the path, so its own commas are %2C: the last ", " ends it.
    const comma = line.lastIndexOf(', ');
    return comma < 0 ? [] : [[line.slice(0, comma), line.slice(comma + 2)]];
  });
  // A count that is not digits stays a string, which the schema then refuses.
  const numbers = Object.entries(fields).map(([k, v]) => [
    k,
    k.startsWith('Number ') && /^\d+$/.test(v) ? Number(v) : v,
  ]);
  return { ...Object.fromEntries(numbers), Errors: errors };
}

/**
 * The report's fields, JSON or plain text. Swift answers 200 as soon as it
 * starts, then sends a space every `yield_frequency` (10 s) while it works and
 * "\r\n\r\n" before the report, so white space may come first.
 */
function reportFields(text: string): unknown {
  const body = text.trim();
  return body.startsWith('{') ? JSON.parse(body) : plainTextFields(body);
}

/** Swift quotes the paths it reports; a person wants to read them. One cut mid-escape by Swift's length limit stays as sent. */
function readablePath(quoted: string): string {
  try {
    return decodeURIComponent(quoted);
  } catch {
    return quoted;
  }
}

function commonPart(fields: z.infer<typeof deleteFields> | z.infer<typeof extractFields>): BulkReport {
  return {
    status: fields['Response Status'].trim(),
    body: fields['Response Body'],
    errors: fields.Errors.map(([path, status]) => ({ path: readablePath(path), status })),
  };
}

/**
 * Reads a bulk report; `what` names the call for the error thrown when the
 * answer is not one (a proxy's error page, a report of the other kind).
 */
export function parseBulkReport(kind: 'delete', text: string, what: string): DeleteReport;
export function parseBulkReport(kind: 'extract', text: string, what: string): ExtractReport;
export function parseBulkReport(kind: 'delete' | 'extract', text: string, what: string): DeleteReport | ExtractReport {
  try {
    if (kind === 'delete') {
      const fields = deleteFields.parse(reportFields(text));
      return { ...commonPart(fields), deleted: fields['Number Deleted'], notFound: fields['Number Not Found'] };
    }
    const fields = extractFields.parse(reportFields(text));
    return { ...commonPart(fields), created: fields['Number Files Created'] };
  } catch (err) {
    throw new StorageError('server', `${what} failed: the service sent an answer Cirrus cannot read.`, { cause: err });
  }
}

/** The HTTP status in "Response Status" ("400 Bad Request" → 400); undefined when there is none. */
export function reportStatus(report: BulkReport): number | undefined {
  const status = Number.parseInt(report.status, 10);
  return Number.isFinite(status) ? status : undefined;
}

/** True when "Response Status" is 2xx: nothing failed. */
export function reportSucceeded(report: BulkReport): boolean {
  const status = reportStatus(report);
  return status !== undefined && status >= 200 && status < 300;
}

/** The error for a report whose request as a whole failed, with the code its status maps to. */
export function reportError(report: BulkReport, message: string, requestId?: string): StorageError {
  const status = reportStatus(report);
  return new StorageError(status === undefined ? 'server' : codeForStatus(status), message, {
    ...(status === undefined ? {} : { status }),
    ...withRequestId(requestId),
  });
}
