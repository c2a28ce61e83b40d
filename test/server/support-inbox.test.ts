import { GET as inboxRoute } from '@/app/api/v1/operator/support/conversations/route';
import { POST as replyRoute } from '@/app/api/v1/operator/support/conversations/[id]/messages/route';
import { POST as sendRoute } from '@/app/api/v1/support/messages/route';
import { config } from '@/lib/config';
import type { InboxPage, SupportMessage } from '@/lib/schemas/support';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { call, request, withId } from './helpers/api';

/**
 * The back office's inbox (issue 32): a conversation an agent replied to leaves "needs reply"
 * (open) and stays findable — under "awaiting player" (waiting) and under all.
 */
const OPERATOR = 'operator-token-for-the-inbox-tests-012345';

beforeAll(() => {
  (config as Record<string, unknown>).OPERATOR_TOKEN = OPERATOR;
});
afterAll(async () => {
  await closeDb();
});

const inbox = (status: string) =>
  call<InboxPage>(
    inboxRoute,
    request('GET', `/operator/support/conversations?status=${status}`, { token: OPERATOR }),
  );
const listed = async (status: string) =>
  ((await inbox(status)).data?.items ?? []).map((c) => [c.id, c.status]);

it('a replied conversation is listed under waiting and all, no longer under open', async () => {
  const { id } = await createPlayer({ email: 'inbox-reply@example.com', status: 'active' });
  const { token } = await createSession(id);
  const sent = await call<SupportMessage>(
    sendRoute,
    request('POST', '/support/messages', { token, body: { text: 'Where is my deposit?' } }),
  );
  expect(sent.status).toBe(200);
  const open = (await inbox('open')).data!.items.find((c) => c.player.id === id)!;
  expect(open.status).toBe('open');
  expect(await listed('all')).toContainEqual([open.id, 'open']);

  const replied = await call<SupportMessage>(
    withId(replyRoute, open.id),
    request('POST', `/operator/support/conversations/${open.id}/messages`, {
      token: OPERATOR,
      body: { text: 'Checking it now' },
    }),
  );
  expect(replied.status).toBe(200);

  expect(await listed('open')).not.toContainEqual([open.id, expect.anything()]);
  expect(await listed('waiting')).toContainEqual([open.id, 'waiting']);
  expect(await listed('all')).toContainEqual([open.id, 'waiting']);
});

it('an unknown filter is a 400', async () => {
  const answer = await inbox('everything');
  expect(answer.status).toBe(400);
  expect(answer.code).toBe('VALIDATION_ERROR');
});
