/** Public read, the one access change whose answer is the container as it now stands. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api';
import { containerKey } from '../cache/queryKeys';

/** Turns public read on or off; the answer is the container as it now stands. */
export function useSetPublicRead(region: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call('setPublicRead', { region, container, on }),
    onSuccess: (updated) => client.setQueryData(containerKey(region, container), updated),
  });
}
