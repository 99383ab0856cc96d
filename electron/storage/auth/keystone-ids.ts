/**
 * Keystone v3 names things by ID or by name, in different JSON fields, and
 * openrc files hand people either (OS_PROJECT_DOMAIN_ID=default beside
 * OS_USER_DOMAIN_NAME=Default). Keystone's IDs are 32 hex digits (uuid4 without
 * dashes), and the built-in domain's ID is "default": a value of that shape is
 * sent as an ID, anything else as a name.
 */
export function looksLikeKeystoneId(value: string): boolean {
  return value === 'default' || /^[0-9a-f]{32}$/i.test(value);
}

/** `{id}` or `{name}` for a domain field; "Default" (the built-in domain's name) when empty. */
export function domainRef(value: string | undefined): { id: string } | { name: string } {
  const v = value?.trim() || 'Default';
  return looksLikeKeystoneId(v) ? { id: v } : { name: v };
}
