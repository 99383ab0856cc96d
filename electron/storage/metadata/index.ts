// The door of the metadata room: changing the metadata, expiry and headers of an account, container or object. Code outside the room imports only this file.
export { changeMetadata, queuedOnTarget, setObjectExpiry, setObjectHeaders } from './change';
