// The door of the upload room: a local file streamed to an object, as one PUT or as segments. Code outside the room imports only this file.
export { uploadFile, type UploadResult } from './upload';
