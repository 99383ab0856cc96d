// The door of the local room: the person's own files: opened safely, paths kept inside the chosen folder. Code outside the room imports only this file.
export { fileError, kindOf, LocalFile, md5OfRange, notRegularFile, withLocalFile } from './file';
export { isTempNameFor, localSegments, resolveInside, tempNameFor } from './path';
export { onLocalDisk } from './disk';
