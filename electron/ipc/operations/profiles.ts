// Saved connection profiles: the renderer sees names and non-secret fields; secrets stay here.
import type { Responses } from '../../../shared/contract/profiles';
import { ProfileStore, SECRET_NOUNS } from '../../profiles/profile-store';
import type { Credentials } from '../../storage/auth';
import { StorageError } from '../../storage/errors';
import type { MainDeps } from '../deps';
import { openSession, type MainState, type Ops } from '../main-state';

/** One store per host, so every change to profiles.json goes through one queue. */
const stores = new WeakMap<MainDeps, ProfileStore>();

function storeOf(state: MainState): ProfileStore {
  let store = stores.get(state.deps);
  if (!store) {
    store = new ProfileStore(state.deps.userDataDir, state.deps.secrets);
    stores.set(state.deps, store);
  }
  return store;
}

export const operations: Ops<keyof Responses> = {
  async listProfiles(_request, state) {
    const store = storeOf(state);
    return { profiles: await store.list(), secretStorage: store.storage() };
  },
  saveProfile: (request, state) => storeOf(state).save(request),
  async deleteProfile(request, state) {
    await storeOf(state).delete(request.id);
    return true;
  },
  async connectProfile(request, state, signal) {
    // A secret given here is used for this sign-in only; it is never written to the profile.
    const store = storeOf(state);
    const { profile, secret: saved } = request.secret
      ? { profile: await store.get(request.id), secret: request.secret }
      : await store.withSecret(request.id);
    if (!saved) {
      throw new StorageError('invalid_input', `Enter the ${SECRET_NOUNS[profile.secretKind]} for ${profile.name}.`);
    }
    const credentials: Credentials = {
      authUrl: profile.authUrl,
      authVersion: profile.authVersion,
      userName: profile.userName,
      secret: saved,
      tenantName: profile.tenantName,
      tenantId: profile.tenantId,
      userDomain: profile.userDomain,
      projectDomain: profile.projectDomain,
    };
    return openSession(state, credentials, signal);
  },
  async rememberRegion(request, state) {
    await storeOf(state).rememberRegion(request.id, request.region);
    return true;
  },
};
