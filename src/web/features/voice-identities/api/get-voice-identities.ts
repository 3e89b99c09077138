import { useQuery } from '@tanstack/react-query';
import { voiceIdentitiesSchema } from '../../../../shared/schemas/voice';
import { apiRequest } from '../../../lib/api-client';
import { voiceIdentitiesQueryKey } from '../../../lib/query-keys';

/** The configured voice identities: names, assistant ids and calls taken (never keys). */
export function getVoiceIdentities(signal?: AbortSignal) {
  return apiRequest('/api/voice/identities', { schema: voiceIdentitiesSchema, signal });
}

export function useVoiceIdentities() {
  return useQuery({
    queryKey: voiceIdentitiesQueryKey,
    queryFn: ({ signal }) => getVoiceIdentities(signal),
  });
}
