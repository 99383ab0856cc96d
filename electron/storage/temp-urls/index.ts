// The door of the temp-urls room: temporary URLs and the keys that sign them. Code outside the room imports only this file.
export { makeTempUrl } from './temp-url';
export { maskedKeys, rotateTempUrlKeys, setTempUrlKey, tempUrlKeysFromHeaders, withoutTempUrlKeys } from './keys';
