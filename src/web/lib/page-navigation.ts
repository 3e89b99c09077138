import { SIGN_IN_PATH } from './session-user';

/*
 * The sign-in page and the app are two entries of the build (the sign-in page
 * loads neither the router nor React Query), so going from one to the other is a page load.
 * Both go through here, so tests can watch them (jsdom cannot navigate).
 */
export const pageNavigation = {
  /** Loads `path` in place of the current page (no new history entry, as a redirect). */
  replace(path: string) {
    window.location.replace(path);
  },
  reload() {
    window.location.reload();
  },
};

/** Kept in the history entry of /sign-in: the page that sent a signed-out user there. */
interface SignInHistoryState {
  signInFrom?: string;
}

/**
 * Leaves the app for the sign-in page, in place of the current history entry; `from` (a path
 * with its query) is where to return after signing in. It travels in the entry's history
 * state, as the router's location state did, so the address bar shows just /sign-in and a
 * reload of the sign-in page keeps it.
 */
export function goToSignIn(from?: string) {
  const state: SignInHistoryState = from ? { signInFrom: from } : {};
  window.history.replaceState(state, '', SIGN_IN_PATH);
  pageNavigation.reload();
}

/** On the sign-in page: the page to return to after signing in, if one sent the user here. */
export function signInFrom(): string | undefined {
  const state = window.history.state as SignInHistoryState | null;
  return typeof state?.signInFrom === 'string' ? state.signInFrom : undefined;
}
