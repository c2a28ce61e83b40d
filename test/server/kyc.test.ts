import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PUT as setCaps } from '@/app/api/v1/operator/kyc/caps/route';
import { GET as staffDocument } from '@/app/api/v1/operator/kyc/documents/[id]/route';
import { POST as review } from '@/app/api/v1/operator/kyc/[userId]/levels/[level]/route';
import { GET as reviewCase } from '@/app/api/v1/operator/kyc/[userId]/route';
import { GET as queue } from '@/app/api/v1/operator/kyc/route';
import { PUT as details } from '@/app/api/v1/users/verification/details/route';
import { GET as documentFile } from '@/app/api/v1/users/verification/documents/[id]/route';
import { POST as upload } from '@/app/api/v1/users/verification/documents/route';
import { GET as verification } from '@/app/api/v1/users/verification/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import { config } from '@/lib/config';
import type { KycCase, KycDocument, KycQueueItem, Verification } from '@/lib/schemas/kyc';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db';
import { kycDocuments, operatorAudit } from '@/lib/server/db/schema';
import { createPlayer } from '@/lib/server/players/store';
import { call, request, url } from './helpers/api';
import { asStaff, signedInStaff } from './helpers/staff';
import { fund, hotWalletOnEthereum } from './helpers/wallet';

// Withdrawals are taken only where something pays them.
beforeAll(() => hotWalletOnEthereum());
afterAll(() => closeDb());

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-kyc-tests-0123456789';
beforeAll(() => {
  mutable.OPERATOR_TOKEN = OPERATOR;
});

let n = 0;
async function player() {
  const userId = (await createPlayer({ email: `kyc${(n += 1)}@example.com`, status: 'active' })).id;
  return { userId, token: (await createSession(userId)).token };
}

const adult = {
  firstName: 'Ana',
  lastName: 'Silva',
  birthDate: '1990-04-12',
  country: 'PT',
  address: 'Rua Augusta 10',
  city: 'Lisboa',
  postalCode: '1100-053',
};

const submit = (token: string, body: unknown) =>
  call<Verification>(details, request('PUT', '/users/verification/details', { token, body }));

const send = (token: string, kind: string, bytes: Buffer, type = 'image/jpeg') =>
  call<KycDocument>(
    upload,
    new Request(url(`/users/verification/documents?kind=${kind}`), {
      method: 'POST',
      body: new Uint8Array(bytes),
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
    }),
  );

const photo = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#777777' } })
    .jpeg()
    .toBuffer();

const decide = (userId: string, level: number, body: unknown, token = OPERATOR) =>
  call(
    (req) => review(req, { params: Promise.resolve({ userId, level: String(level) }) }),
    request('POST', `/operator/kyc/${userId}/levels/${level}`, { token, body }),
  );

const mine = (token: string) =>
  call<Verification>(verification, request('GET', '/users/verification', { token })).then(
    (r) => r.data!,
  );

describe('level 1', () => {
  it('refuses bad details and the under-18s; approves an adult, then keeps the details', async () => {
    const { token } = await player();
    const year = new Date().getUTCFullYear();
    for (const body of [
      { ...adult, birthDate: `${year - 17}-01-01` },
      { ...adult, birthDate: '1990-13-45' },
      { ...adult, birthDate: '12/04/1990' },
      { ...adult, country: 'Portugal' },
      { ...adult, firstName: '' },
      { ...adult, address: 'x'.repeat(201) },
    ]) {
      expect(await submit(token, body)).toMatchObject({ status: 400 });
    }
    const under = await submit(token, { ...adult, birthDate: `${year - 17}-01-01` });
    expect(under.error!.message).toContain('18 or older');
    expect((await mine(token)).currentLevel).toBe(0);

    const done = await submit(token, adult);
    expect(done.data).toMatchObject({ currentLevel: 1, details: adult });
    expect((await submit(token, { ...adult, lastName: 'Other' })).code).toBe('KYC_LEVEL_LOCKED');
  });
});

describe('documents and review', () => {
  it('refuses documents before level 1, lying types, PDFs at level 2 and oversized files', async () => {
    const { token } = await player();
    expect(await send(token, 'id_front', await photo())).toMatchObject({
      status: 409,
      code: 'KYC_LEVEL_REQUIRED',
    });
    await submit(token, adult);
    const html = Buffer.from('<html><body onload="alert(1)"></body></html>');
    expect(await send(token, 'id_front', html, 'image/jpeg')).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    expect((await send(token, 'id_front', pdf, 'application/pdf')).status).toBe(415);
    expect((await send(token, 'id_front', Buffer.alloc(11 * 1024 * 1024, 7))).status).toBe(413);
    expect((await send(token, 'passport', await photo())).status).toBe(400);
    expect((await mine(token)).documents).toEqual([]);
  });

  it('a JPEG with HTML appended is stored without it; documents are their owner’s and staff’s only; a reviewer decides once, audited', async () => {
    const { userId, token } = await player();
    const other = await player();
    await submit(token, adult);
    const polyglot = Buffer.concat([await photo(), Buffer.from('<script>steal()</script>')]);
    const front = await send(token, 'id_front', polyglot);
    expect(front).toMatchObject({ code: 'success', data: { kind: 'id_front', status: 'pending' } });
    const db = await getDb();
    const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, front.data!.id));
    expect(row!.file).toMatch(/^[a-f0-9]{32}\.jpeg$/);
    const stored = await readFile(path.resolve(config.UPLOADS_DIR, 'kyc', row!.file));
    expect(stored.includes(Buffer.from('<script'))).toBe(false);

    // Owner only: another player's token gets a 404, as does a guess.
    const fetchAs = (t: string, id: string) =>
      documentFile(request('GET', `/users/verification/documents/${id}`, { token: t }), {
        params: Promise.resolve({ id }),
      });
    const own = await fetchAs(token, front.data!.id);
    expect(own.status).toBe(200);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('content-security-policy')).toContain('sandbox');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetchAs(other.token, front.data!.id)).status).toBe(404);
    expect((await fetchAs(token, crypto.randomUUID())).status).toBe(404);
    const staff = await staffDocument(
      request('GET', `/operator/kyc/documents/${front.data!.id}`, { token: OPERATOR }),
      { params: Promise.resolve({ id: front.data!.id }) },
    );
    expect(staff.status).toBe(200);
    // Who looked at whose document is in the audit; the owner's own reads are not.
    expect(
      await db
        .select({
          actor: operatorAudit.actor,
          action: operatorAudit.action,
          after: operatorAudit.after,
        })
        .from(operatorAudit)
        .where(eq(operatorAudit.target, `kyc-document:${front.data!.id}`)),
    ).toEqual([
      {
        actor: 'token:automation',
        action: 'kyc.document.read',
        after: { userId, kind: 'id_front' },
      },
    ]);

    expect((await mine(token)).levels[1]).toMatchObject({ level: 2, status: 'not_started' });
    await send(token, 'id_back', await photo());
    await send(token, 'selfie', await photo());
    expect((await mine(token)).levels[1]).toMatchObject({ level: 2, status: 'pending' });

    const waiting = await call<Array<{ userId: string; documents: unknown[] }>>(
      queue,
      request('GET', '/operator/kyc', { token: OPERATOR }),
    );
    const entry = waiting.data!.find((w) => w.userId === userId);
    expect(entry?.documents).toHaveLength(3);

    expect(await decide(userId, 2, { decision: 'reject' })).toMatchObject({ status: 400 });
    expect(await decide(userId, 2, { decision: 'approve' }, token)).toMatchObject({ status: 401 });
    const both = await Promise.all([
      decide(userId, 2, { decision: 'approve' }),
      decide(userId, 2, { decision: 'reject', reason: 'blurred' }),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const decided = await mine(token);
    const first = both.find((b) => b.status === 200)!;
    const approved = (first.data as { status: string }).status === 'approved';
    expect(decided.currentLevel).toBe(approved ? 2 : 1);
    const audits = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `player:${userId}:level:2`));
    expect(audits).toHaveLength(1);
  });

  it('a refusal names a reason code and may add a note the player reads as typed; a new set of documents clears both', async () => {
    const { userId, token } = await player();
    await submit(token, adult);
    for (const kind of ['id_front', 'id_back', 'selfie']) await send(token, kind, await photo());
    // A free-text reason, an unknown code or a note past 500 characters changes nothing.
    for (const body of [
      { decision: 'reject', reason: 'The photo is blurred' },
      { decision: 'reject', reason: 'fake' },
      { decision: 'reject', reason: 'other', note: 'x'.repeat(501) },
    ]) {
      expect(await decide(userId, 2, body)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    expect((await mine(token)).levels[1]).toMatchObject({ status: 'pending', reason: null });
    const note = '<b>Glare</b> on the front: take it again away from the window';
    const refused = await decide(userId, 2, { decision: 'reject', reason: 'blurred', note });
    expect(refused.data).toEqual({ userId, level: 2, status: 'rejected', reason: 'blurred', note });
    const seen = await mine(token);
    expect(seen.levels[1]).toEqual({ level: 2, status: 'rejected', reason: 'blurred', note });
    expect(seen.documents.filter((d) => d.status === 'rejected')).toHaveLength(3);
    expect(seen.documents.every((d) => d.reason === 'blurred' && d.note === note)).toBe(true);
    // The SQL keeps to the codes whatever calls it.
    const { sql } = await getDbHandle();
    for (const table of ['kyc_documents', 'kyc_levels']) {
      await expect(
        sql(`UPDATE ${table} SET reason = 'free text' WHERE user_id = $1`, [userId]),
      ).rejects.toThrow(/reason/);
    }
    for (const kind of ['id_front', 'id_back', 'selfie']) await send(token, kind, await photo());
    expect((await mine(token)).levels[1]).toEqual({
      level: 2,
      status: 'pending',
      reason: null,
      note: null,
    });
  });

  it('the queue pages by state and level, the longest wait first; a case is risk and admin only and its read is audited', async () => {
    const waiting: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { userId, token } = await player();
      await submit(token, adult);
      for (const kind of ['id_front', 'id_back', 'selfie']) await send(token, kind, await photo());
      waiting.push(userId);
    }
    const page = (query: string, token = OPERATOR) =>
      call<KycQueueItem[]>(queue, request('GET', `/operator/kyc?${query}`, { token }));
    const all = (await page('status=pending&level=2&limit=101')).data!;
    const mineShown = all.filter((row) => waiting.includes(row.userId)).map((row) => row.userId);
    expect(mineShown).toEqual(waiting);
    expect(all.map((row) => row.since)).toEqual([...all.map((row) => row.since)].sort());
    expect(all.every((row) => row.level === 2 && row.status === 'pending')).toBe(true);
    const at = all.findIndex((row) => row.userId === waiting[1]);
    const one = (await page(`status=pending&level=2&offset=${at}&limit=1`)).data!;
    expect(one.map((row) => row.userId)).toEqual([waiting[1]]);
    expect(
      (await page('status=pending&level=3')).data!.some((r) => waiting.includes(r.userId)),
    ).toBe(false);
    expect(await page('level=1')).toMatchObject({ status: 400 });
    expect(await page('limit=102')).toMatchObject({ status: 400 });

    const open = (userId: string, cookie: string) =>
      call<KycCase>(
        (req) => reviewCase(req, { params: Promise.resolve({ userId }) }),
        asStaff('GET', `/operator/kyc/${userId}`, cookie),
      );
    const support = await signedInStaff('support');
    expect(await open(waiting[0]!, support.cookie)).toMatchObject({ status: 403 });
    const risk = await signedInStaff('risk');
    const shown = await open(waiting[0]!, risk.cookie);
    expect(shown.data).toMatchObject({
      userId: waiting[0],
      currentLevel: 1,
      details: adult,
      levels: [{ level: 2, status: 'pending', reason: null, note: null }],
    });
    expect(shown.data!.levels[0]!.documents.map((d) => d.kind).sort()).toEqual([
      'id_back',
      'id_front',
      'selfie',
    ]);
    const db = await getDb();
    const reads = await db
      .select({ actor: operatorAudit.actor, action: operatorAudit.action })
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `player:${waiting[0]}`));
    expect(reads).toEqual([{ actor: `staff:${risk.id}`, action: 'kyc.case.read' }]);
    expect(await open(crypto.randomUUID(), risk.cookie)).toMatchObject({ status: 404 });
  });

  it('level 3 takes a PDF, as a download', async () => {
    const { userId, token } = await player();
    await submit(token, adult);
    for (const kind of ['id_front', 'id_back', 'selfie']) await send(token, kind, await photo());
    await decide(userId, 2, { decision: 'approve' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const sent = await send(token, 'source_of_funds', pdf, 'application/pdf');
    expect(sent.data).toMatchObject({ type: 'pdf', status: 'pending' });
    const file = await documentFile(
      request('GET', `/users/verification/documents/${sent.data!.id}`, { token }),
      { params: Promise.resolve({ id: sent.data!.id }) },
    );
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});

describe('withdrawal caps', () => {
  const ask = (token: string, amount: string) =>
    call(
      withdraw,
      request('POST', '/wallet/withdrawals', {
        token,
        body: {
          currency: 'USDT',
          network: 'ethereum',
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          amount,
          idempotencyKey: crypto.randomUUID(),
        },
      }),
    );

  it('an unverified player may withdraw 2,000 USD a day (the seeded default), counted before the hold, parallel requests included', async () => {
    const { userId, token } = await player();
    await fund(userId, 'USDT', BigInt(10_000) * BigInt(1_000_000));
    expect((await mine(token)).caps).toEqual({ level: 0, dailyUsd: 2000, monthlyUsd: 10000 });
    const both = await Promise.all([ask(token, '1200'), ask(token, '1200')]);
    expect(both.map((b) => b.code).sort()).toEqual(['WITHDRAWAL_CAP_DAY', 'success']);
    const over = await ask(token, '900');
    expect(over).toMatchObject({ status: 403, code: 'WITHDRAWAL_CAP_DAY' });
    expect(over.error!.message).toContain('2000 USD');
    expect((await ask(token, '700')).code).toBe('success');

    // The operator raises level 0's cap (admin only, audited), in USD as decimal strings: the
    // operator API's one unit. Numbers, negatives and cents are refused.
    for (const dailyUsd of [-5, 5000, '-5', '0', '5000.50', '1e4']) {
      expect(
        await call(
          setCaps,
          request('PUT', '/operator/kyc/caps', {
            token: OPERATOR,
            body: { level: 0, dailyUsd, monthlyUsd: null },
          }),
        ),
      ).toMatchObject({ status: 400 });
    }
    const raised = await call(
      setCaps,
      request('PUT', '/operator/kyc/caps', {
        token: OPERATOR,
        body: { level: 0, dailyUsd: '5000', monthlyUsd: '20000.00' },
      }),
    );
    expect(raised).toMatchObject({
      code: 'success',
      data: { level: 0, dailyUsd: '5000.00', monthlyUsd: '20000.00' },
    });
    expect((await ask(token, '900')).code).toBe('success');
    await call(
      setCaps,
      request('PUT', '/operator/kyc/caps', {
        token: OPERATOR,
        body: { level: 0, dailyUsd: '2000', monthlyUsd: '10000' },
      }),
    );
  });
});
