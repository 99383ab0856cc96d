// The door of the account room: the account's figures, its container listing and its access. Code outside the room imports only this file.
export { changeAccountMetadata, getAccount, listContainers } from './account';
export { getAccountAccess, setAccountAccess } from './access';
