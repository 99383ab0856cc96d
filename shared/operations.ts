/**
 * The names of the IPC operations, apart from their schemas so the sandboxed
 * preload can build its API without bundling the validation library.
 * `requestSchemas` in contract.ts must have exactly these keys (type-checked).
 */
export const OPERATIONS = ['signIn', 'signOut', 'getSession', 'getAccount', 'listContainers'] as const;

export type Operation = (typeof OPERATIONS)[number];

export const channelOf = (operation: Operation): string => `cirrus:${operation}`;
