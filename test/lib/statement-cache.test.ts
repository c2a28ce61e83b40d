import {
  createStatementCache,
  nameStatements,
  withOneOffStatements,
} from '@/lib/server/db/statement-cache';

describe('the statement cache', () => {
  const text = 'SELECT * FROM t WHERE id = $1';

  it('names a statement with parameters from its third sighting, the same name ever after', () => {
    const cache = createStatementCache();
    expect(cache.name({ text, values: [1] })).toEqual({ text, values: [1] });
    expect(cache.name(text, [2])).toBe(text);
    expect(cache.name({ text, values: [3] })).toEqual({ text, values: [3], name: 's1' });
    expect(cache.name(text, [4])).toEqual({ name: 's1', text, values: [4] });
    expect(cache.name('SELECT $1::int', [1])).toBe('SELECT $1::int');
    expect(cache.size()).toBe(1);
  });

  it('names nothing sent inside withOneOffStatements, nor counts it, and names again after', async () => {
    const cache = createStatementCache({ after: 1 });
    const inside = await withOneOffStatements(async () => {
      await Promise.resolve();
      return [cache.name(text, [1]), cache.name({ text, values: [2] })];
    });
    expect(inside).toEqual([text, { text, values: [2] }]);
    expect(cache.size()).toBe(0);
    expect(cache.name(text, [3])).toEqual({ name: 's1', text, values: [3] });
  });

  it('leaves alone what has no parameters, a name of its own, or is a stream', () => {
    const cache = createStatementCache({ after: 1 });
    const script = 'CREATE TABLE a (id int); CREATE TABLE b (id int)';
    expect(cache.name(script)).toBe(script);
    expect(cache.name(script, [])).toBe(script);
    expect(cache.name({ text: script })).toEqual({ text: script });
    const own = { text, values: [1], name: 'mine' };
    expect(cache.name(own)).toBe(own);
    const stream = { text, values: [1], submit: () => undefined };
    expect(cache.name(stream)).toBe(stream);
    expect(cache.name(undefined)).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it('hands out no more names than its capacity, and forgets counts past its window', () => {
    const cache = createStatementCache({ after: 2, capacity: 2, window: 2 });
    const q = (n: number) => `SELECT $1 + ${n}`;
    for (const n of [1, 1, 2, 2, 3, 3]) cache.name(q(n), [0]);
    expect(cache.size()).toBe(2);
    expect(cache.name(q(3), [0])).toBe(q(3));
    expect(cache.name(q(1), [0])).toEqual({ name: 's1', text: q(1), values: [0] });

    const short = createStatementCache({ after: 2, window: 2 });
    short.name(q(1), [0]);
    short.name(q(2), [0]);
    short.name(q(3), [0]); // the window was full: counting starts over
    expect(short.name(q(1), [0])).toBe(q(1));
    expect(short.name(q(3), [0])).toEqual({ name: 's1', text: q(3), values: [0] });
  });

  describe('on a client', () => {
    type Call = { args: unknown[] };
    const fakeClient = (fail?: { code: string }) => {
      const calls: Call[] = [];
      const client = {
        query: (...args: unknown[]) => {
          calls.push({ args });
          const callback = args.at(-1);
          if (typeof callback === 'function') {
            callback(fail ?? null, fail ? undefined : { rows: [] });
            return undefined;
          }
          return fail ? Promise.reject(fail) : Promise.resolve({ rows: [] });
        },
      };
      return { client, calls };
    };

    it('sends the named config, in the promise form and the callback form alike', async () => {
      const cache = createStatementCache({ after: 1 });
      const { client, calls } = fakeClient();
      nameStatements(client, cache);
      await client.query(text, [1]);
      const heard = jest.fn();
      client.query(text, [2], heard);
      expect(calls.map((c) => c.args[0])).toEqual([
        { name: 's1', text, values: [1] },
        { name: 's1', text, values: [2] },
      ]);
      expect(heard).toHaveBeenCalledWith(null, { rows: [] });
    });

    it('stops naming a text PostgreSQL refused with a changed plan (0A000), in both forms', async () => {
      for (const form of ['promise', 'callback'] as const) {
        const cache = createStatementCache({ after: 1 });
        const { client } = fakeClient({ code: '0A000' });
        nameStatements(client, cache);
        if (form === 'promise') {
          await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
        } else {
          const heard = jest.fn();
          client.query(text, [1], heard);
          expect(heard).toHaveBeenCalledWith({ code: '0A000' }, undefined);
        }
        expect(cache.name(text, [1])).toBe(text);
        expect(cache.size()).toBe(0);
        // A connection may still hold the old name: the next text gets a new one.
        expect(cache.name('SELECT $1::int', [1])).toMatchObject({ name: 's2' });
      }
    });

    it('keeps the name of a text whose call failed for any other reason', async () => {
      const cache = createStatementCache({ after: 1 });
      const { client } = fakeClient({ code: '23505' });
      nameStatements(client, cache);
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '23505' });
      expect(cache.name(text, [1])).toEqual({ name: 's1', text, values: [1] });
    });
  });
});
