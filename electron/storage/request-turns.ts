// The turns of the event loop undici takes between a call and the wire, for work that must not go first.
//
// Why: undici (dispatcher/client-h1.js) hands a keep-alive connection back to
// its pool only on the turn after the one its answer ended on ("wait a full
// event loop cycle to reuse this socket"); a request asked for before then
// goes out on a new connection, whose connect waits for the main thread. And
// it writes a request to a connection that sat idle only on the turn after
// the one it was asked on (its idle-socket check, GHSA-35p6-xmwp-9g52). A
// listing page parsed (or a folder walked) straight after asking held the
// request back until it was done: 10-17 ms of a warm compare of 10,000 files,
// twice (the first page's request behind the walk's first slice, the next
// page's behind the parse, on a connection of its own).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Resolves once the connection an answer just ended on is free for the next request. */
export async function connectionFreed(): Promise<void> {
  await nextTurn();
}

/**
 * Call straight after asking (before the call's own awaits have run): resolves
 * once the request has been written, when a connection was free for it. A
 * request that needs a new connection is written once that connects, which
 * needs the main thread's turns, not these.
 */
export async function requestWritten(): Promise<void> {
  // The first turn lets the call reach undici, which puts the write on the turn after.
  await nextTurn();
  await nextTurn();
}
