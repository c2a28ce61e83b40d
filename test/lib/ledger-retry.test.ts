import { ApiError } from '@/lib/server/http/api-error';
import {
  assertNotInPosting,
  markEmitted,
  POST_ATTEMPTS,
  sqlState,
  withRetries,
} from '@/lib/server/wallet/ledger-retry';

/*
 * When a posting's transaction is run again, and when it gives up: the rules of ledger-retry.ts
 * without a database. The races that produce these errors for real are in
 * test/server/posting-races.test.ts.
 */
const dbError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`database error ${code}`), { code, ...extra });
/** The ORM wraps the driver's error: the code sits on its cause. */
const wrapped = (inner: unknown) => Object.assign(new Error('query failed'), { cause: inner });

/** An attempt that throws each of `errors` in turn, then answers 'done'. */
function failing(...errors: unknown[]) {
  const calls = { count: 0 };
  const attempt = async () => {
    const error = errors[calls.count++];
    if (error !== undefined) throw error;
    return 'done';
  };
  return { attempt, calls };
}

describe('sqlState', () => {
  it('finds the code however deep the wrappers go', () => {
    expect(sqlState(dbError('40P01'))).toBe('40P01');
    expect(sqlState(wrapped(dbError('55P03')))).toBe('55P03');
    expect(sqlState(wrapped(wrapped(dbError('40001'))))).toBe('40001');
  });

  it('takes only a five-character SQLSTATE, the outermost first', () => {
    // Node's own codes are not SQLSTATEs: the one under it is.
    expect(sqlState(Object.assign(wrapped(dbError('23505')), { code: 'ECONNRESET' }))).toBe(
      '23505',
    );
    expect(sqlState(Object.assign(wrapped(dbError('23505')), { code: '40P01' }))).toBe('40P01');
    expect(sqlState(dbError('4000'))).toBeUndefined();
    expect(sqlState(dbError('400011'))).toBeUndefined();
    expect(sqlState(dbError('40p01'))).toBeUndefined();
    expect(sqlState(dbError('x40P01'))).toBeUndefined();
    expect(sqlState(dbError('40P01x'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('n'), { code: 40001 }))).toBeUndefined();
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
  });
});

describe('withRetries', () => {
  beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => jest.restoreAllMocks());

  it.each(['55P03', '40P01', '40001'])('runs the posting again after %s', async (code) => {
    const { attempt, calls } = failing(wrapped(dbError(code)));
    await expect(withRetries(attempt)).resolves.toEqual({ result: 'done', emitted: false });
    expect(calls.count).toBe(2);
  });

  it('runs it again when two postings numbered one aggregate at once', async () => {
    const clash = wrapped(dbError('23505', { constraint: 'domain_events_aggregate_sequence' }));
    const { attempt, calls } = failing(clash);
    await expect(withRetries(attempt)).resolves.toMatchObject({ result: 'done' });
    expect(calls.count).toBe(2);
  });

  it('passes every other error through at once', async () => {
    const others = [
      dbError('23505', { constraint: 'ledger_entries_pkey' }),
      dbError('23514'),
      new ApiError('INSUFFICIENT_FUNDS'),
      new Error('no code'),
    ];
    for (const error of others) {
      const { attempt, calls } = failing(error);
      await expect(withRetries(attempt)).rejects.toBe(error);
      expect(calls.count).toBe(1);
    }
  });

  it(`tries ${POST_ATTEMPTS} times in all, then answers BUSY with Retry-After`, async () => {
    expect(POST_ATTEMPTS).toBe(4);
    const lost = () => dbError('55P03');
    const { attempt, calls } = failing(lost(), lost(), lost(), lost(), lost());
    const error = await withRetries(attempt).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'BUSY', status: 503, retryAfter: 1 });
    expect(calls.count).toBe(POST_ATTEMPTS);
  });

  it('succeeds on its last attempt', async () => {
    const lost = () => dbError('40P01');
    const { attempt, calls } = failing(lost(), lost(), lost());
    await expect(withRetries(attempt)).resolves.toMatchObject({ result: 'done' });
    expect(calls.count).toBe(POST_ATTEMPTS);
  });

  it('pauses between attempts, longer each time', async () => {
    jest.useFakeTimers();
    try {
      const { attempt, calls } = failing(dbError('40P01'), dbError('40P01'));
      jest.spyOn(Math, 'random').mockReturnValue(0.5);
      const run = withRetries(attempt);
      // The first pause is 10 + 0.5 × 40 × 1 = 30 ms.
      await jest.advanceTimersByTimeAsync(29);
      expect(calls.count).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls.count).toBe(2);
      // The second is 10 + 0.5 × 40 × 2 = 50 ms.
      await jest.advanceTimersByTimeAsync(49);
      expect(calls.count).toBe(2);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls.count).toBe(3);
      await expect(run).resolves.toMatchObject({ result: 'done' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('says whether the attempt that committed wrote an event, not an earlier one', async () => {
    let call = 0;
    const { emitted } = await withRetries(async () => {
      markEmitted();
      if (++call === 1) throw dbError('40P01');
      return 'x';
    });
    expect(emitted).toBe(true);

    call = 0;
    const second = await withRetries(async () => {
      if (++call === 1) {
        markEmitted();
        throw dbError('40P01');
      }
      return 'x';
    });
    expect(second.emitted).toBe(false);
  });

  it('knows it is inside a posting, and only there', async () => {
    expect(() => assertNotInPosting()).not.toThrow();
    // Outside a posting there is nothing to mark.
    expect(() => markEmitted()).not.toThrow();
    await withRetries(async () => {
      expect(() => assertNotInPosting()).toThrow(/inside a posting.*postMany/);
    });
    expect(() => assertNotInPosting()).not.toThrow();
  });
});
