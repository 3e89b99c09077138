import { useEffect } from 'react';
import { displayPhone } from '../../../../shared/phone';
import type { CurrentCall } from '../../../../shared/schemas/agent';

/** The page title's start while a call rings, so a ring is seen from another tab. */
export const RINGING_TITLE_PREFIX = '(ringing) ';

const notifications = () => (typeof Notification === 'undefined' ? undefined : Notification);

/**
 * Desktop notifications: permission is asked on the agent's first click in the portal, never
 * on page load (a prompt nobody asked for is refused, and browsers mute sites that do it); a
 * permission given before is used as it is.
 */
function useNotificationPermissionOnClick() {
  useEffect(() => {
    if (notifications()?.permission !== 'default') return;
    const ask = () => void notifications()?.requestPermission();
    document.addEventListener('click', ask, { capture: true, once: true });
    return () => document.removeEventListener('click', ask, { capture: true });
  }, []);
}

/**
 * A ringing call made noticeable wherever the agent is, the tab shown or not: a desktop
 * notification with the number for the whole ring (a click on it brings the tab forward),
 * and, returned for the page title, whether a call is ringing.
 */
export function useRingAlert(call: CurrentCall | null | undefined) {
  useNotificationPermissionOnClick();
  const ringingId = call?.phase === 'ringing' ? call.id : undefined;
  const phoneNumber = call?.phoneNumber;
  useEffect(() => {
    const Notifications = notifications();
    if (!ringingId || !phoneNumber || Notifications?.permission !== 'granted') return;
    const notification = new Notifications('Incoming call', {
      body: displayPhone(phoneNumber),
      tag: ringingId,
      requireInteraction: true,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    return () => notification.close();
  }, [ringingId, phoneNumber]);
  return ringingId !== undefined;
}
