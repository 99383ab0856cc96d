import type { Implementations } from './main-state';
import { operations as access } from './operations/access';
import { operations as activity } from './operations/activity';
import { operations as account } from './operations/account';
import { operations as auth } from './operations/auth';
import { operations as containers } from './operations/containers';
import { operations as editing } from './operations/editing';
import { operations as largeObjects } from './operations/large-objects';
import { operations as local } from './operations/local';
import { operations as metadata } from './operations/metadata';
import { operations as objects } from './operations/objects';
import { operations as profiles } from './operations/profiles';
import { operations as quotas } from './operations/quotas';
import { operations as regions } from './operations/regions';
import { operations as segments } from './operations/segments';
import { operations as settings } from './operations/settings';
import { operations as sync } from './operations/sync';
import { operations as tempUrls } from './operations/temp-urls';
import { operations as transfers } from './operations/transfers';
import { operations as versions } from './operations/versions';
import { operations as website } from './operations/website';

export type { MainState } from './main-state';

/**
 * Every operation of the contract, one file per feature under operations/, named as the feature's
 * contract in shared/contract/; the type makes a missing one a compile error.
 */
export const implementations = (): Implementations => ({
  ...access,
  ...activity,
  ...account,
  ...auth,
  ...containers,
  ...editing,
  ...largeObjects,
  ...local,
  ...metadata,
  ...objects,
  ...profiles,
  ...quotas,
  ...regions,
  ...segments,
  ...settings,
  ...sync,
  ...tempUrls,
  ...transfers,
  ...versions,
  ...website,
});
