import type { Metadata } from '../../shared/domain';
import { changeMetadata } from '../../electron/storage/metadata';
import type { StorageSession } from '../../electron/storage/session';

// Tests set or remove keys of one kind of target at a time; these say so in one line.
type S = StorageSession;

export const setAccountMetadata = (session: S, region: string, set: Metadata) =>
  changeMetadata(session, region, { kind: 'account' }, { set });
export const removeAccountMetadata = (session: S, region: string, remove: string[]) =>
  changeMetadata(session, region, { kind: 'account' }, { remove });
export const setContainerMetadata = (session: S, region: string, container: string, set: Metadata) =>
  changeMetadata(session, region, { kind: 'container', container }, { set });
export const removeContainerMetadata = (session: S, region: string, container: string, remove: string[]) =>
  changeMetadata(session, region, { kind: 'container', container }, { remove });
export const setObjectMetadata = (session: S, region: string, container: string, name: string, set: Metadata) =>
  changeMetadata(session, region, { kind: 'object', container, name }, { set });
export const removeObjectMetadata = (session: S, region: string, container: string, name: string, remove: string[]) =>
  changeMetadata(session, region, { kind: 'object', container, name }, { remove });
