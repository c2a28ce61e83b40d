import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for an operator's Chatwoot (Rails, PostgreSQL and Redis: no server of it runs
 * here). It plays the parts the site meets: the website SDK at /packs/js/sdk.js (window.chatwootSDK,
 * window.$chatwoot, the `chatwoot:ready` and `chatwoot:error` events, the cw_ cookies, a style tag
 * without a nonce, a frame without a title) and the widget frame, which forwards every SDK message
 * to this server. The server checks identity validation as Chatwoot does: identifier_hash must be
 * the hex HMAC-SHA256 of the identifier with the inbox's secret, or the contact is refused.
 */

export type ChatwootContact = {
  identifier: string;
  name: string;
  email?: string;
  avatarUrl?: string;
};

export type ChatwootConversation = {
  contact: ChatwootContact | null;
  customAttributes: Record<string, string | number>;
  locale: string | null;
  open: boolean;
  /** set-user calls refused for a wrong identifier_hash. */
  refused: number;
};

const SDK = String.raw`(function () {
  // As Chatwoot's sdk.js: messages go straight to the frame (lost before it loads), the style tag
  // has no nonce, the frame no title, and after reset() no second chatwoot:ready.
  var PREFIX = 'chatwoot-widget:';
  var holder, baseUrl, websiteToken;
  function cookie(name) {
    var found = document.cookie.split('; ').find(function (c) { return c.indexOf(name + '=') === 0; });
    return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
  }
  function setCookie(name, value) { document.cookie = name + '=' + encodeURIComponent(value) + '; path=/; SameSite=Lax'; }
  function dropCookie(name) { document.cookie = name + '=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'; }
  function widgetUrl() {
    var c = cookie('cw_conversation');
    return baseUrl + '/widget?website_token=' + encodeURIComponent(websiteToken) + (c ? '&cw_conversation=' + encodeURIComponent(c) : '');
  }
  function frame() { return document.getElementById('chatwoot_live_chat_widget'); }
  function send(event, payload) {
    frame().contentWindow.postMessage(PREFIX + JSON.stringify(Object.assign({ event: event }, payload)), '*');
  }
  function loadCSS() {
    var css = document.createElement('style');
    css.id = 'cw-widget-styles';
    css.innerHTML = '.woot-widget-holder{position:fixed;right:16px;bottom:16px;width:min(400px,100vw - 32px);height:min(600px,100vh - 32px);z-index:2147483000;box-shadow:0 8px 24px rgba(0,0,0,.3)}.woot-widget-holder.woot--hide{display:none}.woot-widget-holder iframe{width:100%;height:100%;border:0;background:#fff}';
    document.body.appendChild(css);
  }
  var events = {
    loaded: function (message) {
      setCookie('cw_conversation', message.authToken);
      window.$chatwoot.hasLoaded = true;
      if (window.$chatwoot.user) send('set-user', window.$chatwoot.user);
      if (!window.$chatwoot.resetTriggered) window.dispatchEvent(new CustomEvent('chatwoot:ready'));
    },
    error: function (message) {
      window.dispatchEvent(new CustomEvent('chatwoot:error', { detail: message.data }));
      dropCookie('cw_user_' + websiteToken);
    },
    closeWindow: function () { window.$chatwoot.toggle('close'); }
  };
  window.chatwootSDK = {
    run: function (options) {
      if (window.$chatwoot) return;
      baseUrl = options.baseUrl;
      websiteToken = options.websiteToken;
      var settings = window.chatwootSettings || {};
      window.$chatwoot = {
        baseUrl: baseUrl,
        websiteToken: websiteToken,
        hasLoaded: false,
        isOpen: false,
        resetTriggered: false,
        hideMessageBubble: Boolean(settings.hideMessageBubble),
        toggle: function (state) {
          var open = state ? state === 'open' : !this.isOpen;
          this.isOpen = open;
          holder.className = open ? 'woot-widget-holder' : 'woot-widget-holder woot--hide';
          send('toggle-open', { isOpen: open });
        },
        setUser: function (identifier, user) {
          if (typeof identifier !== 'string' && typeof identifier !== 'number') throw new Error('Identifier should be a string or a number');
          var hash = JSON.stringify([identifier, user]);
          if (cookie('cw_user_' + websiteToken) === hash) return;
          this.identifier = identifier;
          this.user = user;
          send('set-user', { identifier: identifier, user: user });
          setCookie('cw_user_' + websiteToken, hash);
        },
        setCustomAttributes: function (customAttributes) {
          if (!customAttributes || !Object.keys(customAttributes).length) throw new Error('Custom attributes should have atleast one key');
          send('set-custom-attributes', { customAttributes: customAttributes });
        },
        setLocale: function (locale) { send('set-locale', { locale: locale || 'en' }); },
        reset: function () {
          if (this.isOpen) this.toggle();
          dropCookie('cw_conversation');
          dropCookie('cw_user_' + websiteToken);
          frame().src = widgetUrl();
          this.resetTriggered = true;
        }
      };
      loadCSS();
      holder = document.createElement('div');
      holder.className = 'woot-widget-holder woot--hide';
      var iframe = document.createElement('iframe');
      iframe.id = 'chatwoot_live_chat_widget';
      iframe.src = widgetUrl();
      holder.appendChild(iframe);
      document.body.appendChild(holder);
      window.onmessage = function (e) {
        if (typeof e.data !== 'string' || e.data.indexOf(PREFIX) !== 0) return;
        var message = JSON.parse(e.data.slice(PREFIX.length));
        if (typeof events[message.event] === 'function') events[message.event](message);
      };
    }
  };
})();`;

function widgetPage(authToken: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Live chat</title>
<style>body{font:16px system-ui,sans-serif;margin:0;color:#1f2937}main{padding:16px}</style></head>
<body><main><h1>Support</h1><p id="contact">Chatting as a visitor</p><p id="status" role="status"></p>
<button type="button" id="close">Close chat</button></main>
<script>
const AUTH = ${JSON.stringify(authToken)};
const toParent = (message) => parent.postMessage('chatwoot-widget:' + JSON.stringify(message), '*');
window.addEventListener('message', async (e) => {
  if (typeof e.data !== 'string' || !e.data.startsWith('chatwoot-widget:')) return;
  const message = JSON.parse(e.data.slice('chatwoot-widget:'.length));
  const answer = await fetch('/widget/events?cw_conversation=' + encodeURIComponent(AUTH), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message),
  }).then((r) => r.json());
  if (answer.contact) document.getElementById('contact').textContent = 'Chatting as ' + answer.contact.name;
  document.getElementById('status').textContent = answer.error || '';
  if (answer.error && message.event === 'set-user') {
    toParent({ event: 'error', errorType: 'SET_USER_ERROR', data: { message: answer.error } });
  }
});
document.getElementById('close').addEventListener('click', () => toParent({ event: 'closeWindow' }));
toParent({ event: 'loaded', authToken: AUTH });
</script></body></html>`;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body || '{}') as Record<string, unknown>;
}

function sameHash(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

export async function startChatwootServer({
  port,
  websiteToken,
  hmacToken,
}: {
  port: number;
  websiteToken: string;
  hmacToken: string;
}) {
  const conversations = new Map<string, ChatwootConversation>();
  /** While true the SDK is not served: the site must say so and offer a retry. */
  const state = { down: false };

  function handleEvent(conversation: ChatwootConversation, message: Record<string, unknown>) {
    switch (message.event) {
      case 'set-user': {
        const identifier = String(message.identifier);
        const user = (message.user ?? {}) as Record<string, unknown>;
        const expected = createHmac('sha256', hmacToken).update(identifier).digest('hex');
        if (!sameHash(expected, user.identifier_hash)) {
          conversation.refused += 1;
          return { status: 401, body: { error: 'Invalid identifier hash' } };
        }
        conversation.contact = {
          identifier,
          name: String(user.name ?? ''),
          ...(typeof user.email === 'string' ? { email: user.email } : {}),
          ...(typeof user.avatar_url === 'string' ? { avatarUrl: user.avatar_url } : {}),
        };
        break;
      }
      case 'set-custom-attributes':
        Object.assign(conversation.customAttributes, message.customAttributes);
        break;
      case 'set-locale':
        conversation.locale = String(message.locale);
        break;
      case 'toggle-open':
        conversation.open = Boolean(message.isOpen);
        break;
      default:
        return { status: 400, body: { error: 'Unknown event' } };
    }
    return { status: 200, body: { contact: conversation.contact } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/packs/js/sdk.js') {
      if (state.down) return send(503, 'text/plain', 'unavailable');
      return send(200, 'text/javascript', SDK);
    }
    if (url.pathname === '/widget' && req.method === 'GET') {
      if (url.searchParams.get('website_token') !== websiteToken) {
        return send(404, 'text/plain', 'no such inbox');
      }
      let auth = url.searchParams.get('cw_conversation');
      if (!auth || !conversations.has(auth)) {
        auth = randomBytes(12).toString('hex');
        conversations.set(auth, {
          contact: null,
          customAttributes: {},
          locale: null,
          open: false,
          refused: 0,
        });
      }
      return send(200, 'text/html; charset=utf-8', widgetPage(auth));
    }
    if (url.pathname === '/widget/events' && req.method === 'POST') {
      const conversation = conversations.get(url.searchParams.get('cw_conversation') ?? '');
      if (!conversation) return send(404, 'application/json', '{"error":"no conversation"}');
      const answer = handleEvent(conversation, await readJson(req));
      return send(answer.status, 'application/json', JSON.stringify(answer.body));
    }
    send(404, 'text/plain', 'not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    state,
    /** Conversations in the order the widget opened them. */
    conversations: () => [...conversations.values()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
