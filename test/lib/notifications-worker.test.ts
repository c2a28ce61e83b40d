import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The desktop-notification worker (public/notifications-sw.js) run in a worker-like global. The
 * browser itself is exercised in e2e (shown while hidden, once per id, closed after 10 s); a click
 * on a notification cannot be made there, so where it leads is checked here.
 */
const ORIGIN = 'https://casino.test';
const source = readFileSync(path.join(process.cwd(), 'public/notifications-sw.js'), 'utf8');

type Listener = (event: Record<string, unknown>) => void;

function loadWorker({
  tabs = [{ url: `${ORIGIN}/de/casino` }],
}: { tabs?: { url: string }[] } = {}) {
  const listeners: Record<string, Listener> = {};
  const windows = tabs.map((t) => ({
    ...t,
    focus: jest.fn(async () => {}),
    postMessage: jest.fn(),
  }));
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const cache = new Map<string, Response>();
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, fn: Listener) => (listeners[type] = fn),
    skipWaiting: jest.fn(),
    Notification: { permission: 'granted' },
    clients: {
      claim: jest.fn(),
      matchAll: jest.fn(async () => windows),
      openWindow: jest.fn(async () => null),
    },
    registration: {
      showNotification: jest.fn(async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      }),
      getNotifications: jest.fn(async () => []),
    },
    caches: {
      open: async () => ({
        match: async (key: string) => cache.get(key),
        put: async (key: string, value: Response) => void cache.set(key, value),
        keys: async () => [...cache.keys()],
        delete: async (key: string) => cache.delete(key),
      }),
    },
  };
  vm.runInNewContext(source, {
    self,
    URL,
    Response,
    Promise,
    Set,
    setTimeout: (fn: () => void) => fn(),
  });

  /** Dispatches an event and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  const click = (link: unknown) =>
    dispatch('notificationclick', { notification: { close: jest.fn(), data: { link } } });
  return { self, windows, shown, dispatch, click };
}

const notice = {
  id: '6f1c2b1e-5a52-4c1f-9a57-1f0a1c7e9b10',
  title: 'Withdrawal paid',
  message: '0.5 ETH is on its way',
  image: null,
  link: '/promotions',
};

describe('clicking a desktop notification', () => {
  it('focuses the site tab and asks it to open a site path', async () => {
    const w = loadWorker();
    await w.click('/promotions?tab=vip');
    expect(w.windows[0]!.focus).toHaveBeenCalled();
    expect(w.windows[0]!.postMessage).toHaveBeenCalledWith({
      type: 'open-notice-link',
      path: '/promotions?tab=vip',
    });
    expect(w.self.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens another site in a new tab, after bringing the site forward', async () => {
    const w = loadWorker();
    await w.click('https://blog.example.org/news');
    expect(w.windows[0]!.focus).toHaveBeenCalled();
    expect(w.windows[0]!.postMessage).not.toHaveBeenCalled();
    expect(w.self.clients.openWindow).toHaveBeenCalledWith('https://blog.example.org/news');
  });

  it.each(['javascript:alert(1)', '//evil.example', '/\\evil.example', 'data:text/html,x', 42])(
    'never follows %p: it only brings the site forward',
    async (link) => {
      const w = loadWorker();
      await w.click(link);
      expect(w.windows[0]!.focus).toHaveBeenCalled();
      expect(w.windows[0]!.postMessage).not.toHaveBeenCalled();
      expect(w.self.clients.openWindow).not.toHaveBeenCalled();
    },
  );

  it('opens the site at the link when no tab of it is open', async () => {
    const w = loadWorker({ tabs: [{ url: 'https://other.example/' }] });
    await w.click('/promotions');
    expect(w.self.clients.openWindow).toHaveBeenCalledWith('/promotions');
  });
});

describe('showing a notice', () => {
  it('shows a valid notice once, tagged with its id, with the site mark for an unsafe image', async () => {
    const w = loadWorker();
    const message = { type: 'show-notice', notice: { ...notice, image: 'javascript:x' } };
    await w.dispatch('message', { origin: ORIGIN, data: message });
    await w.dispatch('message', { origin: ORIGIN, data: message });
    expect(w.shown).toEqual([
      {
        title: 'Withdrawal paid',
        options: {
          body: '0.5 ETH is on its way',
          tag: notice.id,
          icon: '/brand/logo-mark.svg',
          data: { link: '/promotions' },
        },
      },
    ]);
  });

  it('ignores other origins, empty messages, bad ids and a withdrawn permission', async () => {
    const w = loadWorker();
    await w.dispatch('message', {
      origin: 'https://evil.example',
      data: { type: 'show-notice', notice },
    });
    for (const bad of [{ message: '   ' }, { id: 'not-an-id' }, { title: 5 }]) {
      await w.dispatch('message', {
        origin: ORIGIN,
        data: { type: 'show-notice', notice: { ...notice, ...bad } },
      });
    }
    w.self.Notification.permission = 'denied';
    await w.dispatch('message', { origin: ORIGIN, data: { type: 'show-notice', notice } });
    expect(w.shown).toEqual([]);
  });
});
