// The door of the regions room: comparing and copying between two regions. Code outside the room imports only this file.
export { compareRegions } from './compare';
export { copyBetweenRegions } from './copy';
