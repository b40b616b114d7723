/**
 * Side effects of spec §8 session statuses, kept apart from the client so the client stays a plain
 * request/response function.
 */
import { i18n } from '../i18n/i18n';
import { clearToken } from '../session/cookies';
import { confirmDialog } from '../ui/feedback';

let dialogOpen = false;
let dismissed = false;

/**
 * 401 / status 1000: one "Confirm logout" dialog at a time, however many polls fail meanwhile.
 * "Sign in again" clears the token and reloads, so the guard sends the user to sign in with a redirect.
 * "Cancel" keeps the user on the page; the 5-second polls do not bring the dialog back until the user
 * moves to another page (allowSignInOfferAgain).
 */
export function offerSignInAgain(): void {
  if (dialogOpen || dismissed) return;
  dialogOpen = true;
  confirmDialog({
    title: i18n.t('common.session.confirmLogoutTitle'),
    content: i18n.t('common.session.loggedOutText'),
    okText: i18n.t('common.session.signInAgain'),
    cancelText: i18n.t('common.actions.cancel'),
    onOk: () => {
      clearToken();
      window.location.reload();
    },
    onCancel: () => {
      dismissed = true;
    },
    afterClose: () => {
      dialogOpen = false;
    },
  });
}

/** Called on navigation: a dismissed "Confirm logout" may be offered again on the next page. */
export function allowSignInOfferAgain(): void {
  dismissed = false;
}

/** Status 21000: the token is worthless; drop it and start over. */
export function dropTokenAndReload(): void {
  clearToken();
  window.location.reload();
}

/** Status 30000: back to the site root. */
export function goToRoot(): void {
  window.location.assign('/');
}
