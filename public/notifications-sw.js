/*
 * Desktop notifications (spec §4, §7): the signed-in page posts a notice here when it is hidden and
 * the player granted permission; this worker shows it once, closes it after 10 s, and a click
 * brings the site's tab forward and opens the notice's link. It has no fetch handler: it never
 * sits between the site and the network.
 */

/** One cached id per notice (spec §9), kept in Cache Storage so every tab and restart sees it. */
const SHOWN_CACHE = 'notices-shown-v1';
const KEEP_SHOWN = 200;
const CLOSE_AFTER_MS = 10_000;
const FALLBACK_ICON = '/brand/logo-mark.svg';

/** Ids being shown right now: two messages for one notice in the same moment show it once. */
const showing = new Set();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  // Only the site's own pages may ask (a worker's clients are same-origin; checked all the same).
  if (event.origin && event.origin !== self.location.origin) return;
  const data = event.data;
  if (!data || data.type !== 'show-notice') return;
  event.waitUntil(showNotice(data.notice));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotice(event.notification.data && event.notification.data.link));
});

/** A notice as the page sends it, checked again here: nothing else becomes a notification. */
function readNotice(value) {
  if (!value || typeof value !== 'object') return null;
  const { id, title, message, image, link } = value;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  if (typeof title !== 'string' || typeof message !== 'string' || !message.trim()) return null;
  return {
    id,
    title: title.slice(0, 120),
    message: message.slice(0, 500),
    image: imageUrl(image),
    link: typeof link === 'string' ? link : null,
  };
}

/** Only this site's images or https ones are drawn; anything else gets the site's mark. */
function imageUrl(value) {
  if (typeof value !== 'string' || !value) return FALLBACK_ICON;
  try {
    const url = new URL(value, self.location.origin);
    if (url.origin === self.location.origin || url.protocol === 'https:') return url.href;
  } catch {
    // not a URL: the fallback
  }
  return FALLBACK_ICON;
}

async function showNotice(value) {
  const notice = readNotice(value);
  if (!notice || self.Notification.permission !== 'granted' || showing.has(notice.id)) return;
  showing.add(notice.id);
  try {
    if (!(await firstTime(notice.id))) return;
    await self.registration.showNotification(notice.title, {
      body: notice.message,
      tag: notice.id,
      icon: notice.image,
      data: { link: notice.link },
    });
    await new Promise((resolve) => setTimeout(resolve, CLOSE_AFTER_MS));
    for (const shown of await self.registration.getNotifications({ tag: notice.id })) {
      shown.close();
    }
  } finally {
    showing.delete(notice.id);
  }
}

/** True once per id: the id is cached the first time, and the oldest fall out past KEEP_SHOWN. */
async function firstTime(id) {
  const cache = await self.caches.open(SHOWN_CACHE);
  const key = new URL(`/notices-shown/${id}`, self.location.origin).href;
  if (await cache.match(key)) return false;
  await cache.put(key, new Response(''));
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_SHOWN)).map((k) => cache.delete(k)));
  return true;
}

/**
 * Where a click goes: a site path opens in the site's tab (focused, and told to go there), another
 * site in a new tab; mailto:, tel: and anything else only bring the site forward. The link was
 * checked by the platform when the notice was written; it is checked again here.
 */
function linkTarget(link) {
  if (typeof link !== 'string' || !link) return null;
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) {
    return { kind: 'site', path: link };
  }
  try {
    const url = new URL(link);
    if (url.protocol === 'https:' || url.protocol === 'http:') {
      return url.origin === self.location.origin
        ? { kind: 'site', path: url.pathname + url.search + url.hash }
        : { kind: 'external', href: url.href };
    }
  } catch {
    // not a URL: nothing to open
  }
  return null;
}

async function openNotice(link) {
  const target = linkTarget(link);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (tab) {
    await tab.focus();
    if (target && target.kind === 'site') tab.postMessage({ type: 'open-notice-link', path: target.path });
  } else {
    await self.clients.openWindow(target && target.kind === 'site' ? target.path : '/');
  }
  if (target && target.kind === 'external') await self.clients.openWindow(target.href);
}
