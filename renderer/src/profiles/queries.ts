/** Saved connection profiles and connecting through them, as React Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Request, Response } from '../../../shared/contract';
import type { ProfileSummary, Region, SessionInfo } from '../../../shared/domain';
import { call } from '../api';
import { profilesKey, rememberRegionKey, sessionKey } from '../cache/queryKeys';
import { setActiveProfile } from '../auth/activeProfile';

type Secret = NonNullable<Request<'connectProfile'>['secret']>;
type ProfilesData = Response<'listProfiles'>;

export function useProfiles() {
  return useQuery({
    queryKey: profilesKey,
    queryFn: () => call('listProfiles', {}),
    // Profiles change only through this window, which updates the cache itself.
    staleTime: Infinity,
    // A corrupt file is moved aside on the first read: a silent retry would hide that report.
    retry: false,
  });
}

function updateProfiles(data: ProfilesData | undefined, change: (profiles: ProfileSummary[]) => ProfileSummary[]) {
  return data && { ...data, profiles: change(data.profiles) };
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: Request<'saveProfile'>) => call('saveProfile', request),
    // The request may hold the secret: keep the finished mutation out of the cache.
    gcTime: 0,
    onSuccess: (saved) => {
      client.setQueryData<ProfilesData>(profilesKey, (data) =>
        updateProfiles(data, (profiles) =>
          profiles.some((p) => p.id === saved.id)
            ? profiles.map((p) => (p.id === saved.id ? saved : p))
            : [...profiles, saved],
        ),
      );
    },
  });
}

export function useDeleteProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileSummary) => call('deleteProfile', { id: profile.id }),
    onSuccess: (_done, profile) => {
      client.setQueryData<ProfilesData>(profilesKey, (data) =>
        updateProfiles(data, (profiles) => profiles.filter((p) => p.id !== profile.id)),
      );
    },
  });
}

export function useConnectProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profile, secret }: { profile: ProfileSummary; secret?: Secret }) =>
      call('connectProfile', { id: profile.id, ...(secret ? { secret } : {}) }),
    // A typed secret is in the variables: keep the finished mutation out of the cache.
    gcTime: 0,
    onSuccess: (session: SessionInfo, { profile }) => {
      // Known before the browser first renders, so it opens in the profile's remembered region.
      setActiveProfile({ id: profile.id, name: profile.name, lastRegion: profile.lastRegion });
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] && q.queryKey[0] !== profilesKey[0] });
      client.setQueryData(sessionKey, session);
    },
  });
}

export function useRememberRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: rememberRegionKey,
    mutationFn: ({ id, region }: { id: string; region: Region['name'] }) => call('rememberRegion', { id, region }),
    onSuccess: (_done, { id, region }) => {
      client.setQueryData<ProfilesData>(profilesKey, (data) =>
        updateProfiles(data, (profiles) => profiles.map((p) => (p.id === id ? { ...p, lastRegion: region } : p))),
      );
    },
  });
}
