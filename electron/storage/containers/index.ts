// The door of the containers room: creating, reading, changing and deleting containers, their ACLs and versioning headers. Code outside the room imports only this file.
export {
  changeContainerMetadata,
  containerError,
  containerFromHeaders,
  createContainer,
  deleteContainer,
  getContainer,
  setContainerAcls,
  setPublicRead,
} from './containers';
