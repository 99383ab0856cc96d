// The door of the versions room: object versioning: turning it on, listing, restoring and deleting versions. Code outside the room imports only this file.
export { deleteObjectVersion, listObjectVersions, restoreObjectVersion, setContainerVersioning } from './versions';
