import { FormAlert } from '../components/form-alert';

/** When logging out fails: the server's reason if it gave one (e.g. not in Gone Home). */
export const LOGOUT_FAILED_MESSAGE = 'Logout failed. Please try again.';

export function LogoutFailedAlert({ message = LOGOUT_FAILED_MESSAGE }: { message?: string }) {
  return (
    <FormAlert tone="error" mb="md">
      {message}
    </FormAlert>
  );
}
