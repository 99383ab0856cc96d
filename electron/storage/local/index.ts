// The door of the local room: the person's own files: opened safely, paths kept inside the chosen folder. Code outside the room imports only this file.
export { fileError, kindOf, LocalFile, md5OfRange, notRegularFile, withLocalFile } from './file';
export { isTempNameFor, localNameOf, localSegments, resolveInside, tempNameFor } from './path';
export { isCaseInsensitive } from './case';
export { onLocalDisk } from './disk';
export { md5OfSmallFileNow, SMALL_FILE } from './small-file';
