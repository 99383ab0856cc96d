// The door of the archive room: reading, previewing and extracting .tar/.tar.gz archives. Code outside the room imports only this file.
export { detectFormat } from './format';
export { extractArchive } from './extract';
export { previewArchive } from './preview';
export { readArchive } from './read';
