// The door of the download room: an object streamed to a local file, checked, resumable, never left half-written under its final name. Code outside the room imports only this file.
export { discardPartial, downloadObject, type DownloadResult } from './download';
export { expectationFor } from './check';
export { takenLocalNames } from './taken-names';
export { skippedLocalNames, type SkippedName } from './skipped-names';
