import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { config } from '@/lib/config';
import { deliver } from '@/lib/server/delivery';
import { listOutbox } from '@/lib/server/delivery/outbox';
import { closeDb } from '@/lib/server/db';
import { memoryStore, redisStore, type CounterStore } from '@/lib/server/http/rate-limit';

const mutable = config as Record<string, unknown>;
afterAll(() => closeDb());
afterEach(() =>
  Object.assign(mutable, { SMTP_URL: undefined, SMS_WEBHOOK_URL: undefined, DEV_OUTBOX: true }),
);

describe('Code delivery', () => {
  it('sends email over SMTP when SMTP_URL is set, keeping the code out of the database', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (c) => (text += c));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    mutable.SMTP_URL = `smtp://127.0.0.1:${port}`;
    await deliver({
      channel: 'email',
      to: 'mail@example.com',
      subject: 'Code',
      text: 'Your code is 424242',
    });
    await new Promise<void>((resolve) => smtp.close(resolve));
    expect(received[0]).toContain('Your code is 424242');
    expect(received[0]).toContain('To: mail@example.com');
    expect((await listOutbox()).some((m) => m.body.includes('424242'))).toBe(false);
  });

  it('posts SMS to the operator webhook, and answers 503 when nothing can deliver', async () => {
    const posted: unknown[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        posted.push({ body: JSON.parse(body), auth: req.headers.authorization });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    Object.assign(mutable, {
      SMS_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/sms`,
      SMS_WEBHOOK_TOKEN: 'hook-secret',
    });
    await deliver({
      channel: 'phone',
      to: '+50688880000',
      subject: 'Code',
      text: 'Your code is 111222',
    });
    hook.close();
    expect(posted).toEqual([
      { body: { to: '+50688880000', message: 'Your code is 111222' }, auth: 'Bearer hook-secret' },
    ]);

    Object.assign(mutable, { SMS_WEBHOOK_URL: undefined, DEV_OUTBOX: false });
    await expect(
      deliver({ channel: 'phone', to: '+1', subject: 's', text: 't' }),
    ).rejects.toMatchObject({
      code: 'DELIVERY_UNAVAILABLE',
      status: 503,
    });
  });
});

async function exercise(store: CounterStore) {
  const key = `test-${Date.now()}-${Math.random()}`;
  expect(await store.count(key)).toBe(0);
  for (let i = 1; i <= 3; i += 1) expect(await store.increment(key, 60_000)).toBe(i);
  expect(await store.count(key)).toBe(3);
  // A success gives its hit back; never below zero.
  await store.decrement(key);
  expect(await store.count(key)).toBe(2);
  await store.decrement(key);
  await store.decrement(key);
  await store.decrement(key);
  expect(await store.count(key)).toBe(0);
  await store.increment(key, 60_000);
  await store.reset(key);
  expect(await store.count(key)).toBe(0);
}

describe('Abuse-limit counters', () => {
  it('count within a window in memory and forget after it', async () => {
    let now = 1_000;
    const store = memoryStore(() => now);
    await exercise(store);
    await store.increment('w', 100);
    now += 101;
    expect(await store.count('w')).toBe(0);
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('are shared through Redis when REDIS_URL is set', async () => {
    const a = await redisStore(redisUrl!);
    const b = await redisStore(redisUrl!);
    await exercise(a);
    await a.increment('shared-key', 60_000);
    expect(await b.count('shared-key')).toBe(1);
    await b.reset('shared-key');
    await a.close();
    await b.close();
  });
});
