import { serverRefusalMessage } from '../../lib/api-client';

/** What the softphone says when an action fails: the server's reason, else the action's own words. */
export const softphoneFallbacks = {
  changeStatus: 'Failed to change status',
  answer: 'Failed to answer call',
  decline: 'Failed to decline call',
  end: 'Failed to end call',
  placeCall: 'Failed to place call',
  saveNotes: 'Failed to save notes',
  saveWrapUpCode: 'Failed to save the wrap-up code',
} as const;

export function softphoneErrorMessage(error: unknown, fallback: string) {
  return serverRefusalMessage(error) ?? fallback;
}
