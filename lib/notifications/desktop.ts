import type { PopupNotice } from '@/lib/schemas/notifications';

/** The worker in public/: it shows each notice once and closes it after 10 s. */
export const DESKTOP_WORKER_URL = '/notifications-sw.js';
/** The player's own "off", beside the browser's permission (which a page cannot take back). */
const OFF_KEY = 'notifications.desktop';

export type DesktopState =
  /** No service workers or notifications here (or not a secure page). */
  | 'unsupported'
  /** The browser's permission was refused: only its site settings can change that. */
  | 'blocked'
  /** Not asked yet: the switch asks, after the player's click. */
  | 'ask'
  | 'off'
  | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  window.isSecureContext &&
  'serviceWorker' in navigator &&
  'Notification' in window;

export function desktopState(): DesktopState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission === 'default') return 'ask';
  return localStorage.getItem(OFF_KEY) === 'off' ? 'off' : 'on';
}

export function registerDesktopWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(DESKTOP_WORKER_URL, { scope: '/' });
}

/**
 * Turns desktop notifications on. Call it straight from the player's click: browsers only ask for
 * the permission inside a gesture, so nothing is awaited before the request.
 */
export async function turnOnDesktop(): Promise<DesktopState> {
  if (!supported()) return 'unsupported';
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission !== 'granted') return desktopState();
  localStorage.removeItem(OFF_KEY);
  await registerDesktopWorker();
  return 'on';
}

export function turnOffDesktop(): DesktopState {
  localStorage.setItem(OFF_KEY, 'off');
  return desktopState();
}

/**
 * Hands a popup notice to the worker when the spec's conditions hold: the page is hidden, the
 * permission is granted (and the player has not turned it off), the message is not empty. The
 * worker shows an id only once, across tabs and reloads. Returns whether it was handed over.
 */
export async function showOnDesktop(popup: PopupNotice): Promise<boolean> {
  if (desktopState() !== 'on' || document.visibilityState !== 'hidden') return false;
  if (!popup.payload.message.trim()) return false;
  const registration =
    (await navigator.serviceWorker.getRegistration('/')) ?? (await registerDesktopWorker());
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  worker.postMessage({
    type: 'show-notice',
    notice: {
      id: popup.id,
      title: popup.payload.data.title,
      message: popup.payload.message,
      image: popup.payload.data.image,
      link: popup.payload.data.link,
    },
  });
  return true;
}

/** A click on a desktop notification whose link is a site path: the worker asks its tab to go. */
export function onDesktopLink(open: (path: string) => void): () => void {
  if (!supported()) return () => {};
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      'type' in data &&
      data.type === 'open-notice-link' &&
      'path' in data &&
      typeof data.path === 'string'
    ) {
      open(data.path);
    }
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
