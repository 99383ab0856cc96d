/**
 * The one spelling of a target folder that preview, extraction and the
 * extract dialog agree on: no leading or trailing "/". Swift strips the
 * trailing ones itself (bulk.py: `extract_base.rstrip('/')`), but a leading
 * "/" would become an empty first segment of every object name
 * (`PUT /c//x` names the object "/x"), which nobody who typed "/x" meant.
 */
export const normalizePrefix = (prefix: string | undefined): string => (prefix ?? '').replace(/^\/+|\/+$/g, '');
