import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { installAsyncBind } from '@/lib/serve/async-bind';

describe("AsyncResource#bind without Node's deprecated accessor", () => {
  const original = AsyncResource.prototype.bind;
  beforeAll(() => installAsyncBind());
  afterAll(() => {
    AsyncResource.prototype.bind = original;
  });

  it('is installed and leaves no asyncResource accessor on the bound function', () => {
    expect(AsyncResource.prototype.bind).not.toBe(original);
    const bound = new AsyncResource('test').bind(() => 1);
    expect(Object.getOwnPropertyDescriptor(bound, 'asyncResource')).toBeUndefined();
  });

  it('runs a snapshot in the context it was taken in, with its arguments, whatever runs later', async () => {
    const store = new AsyncLocalStorage<string>();
    const snapshot = store.run('first request', () => AsyncLocalStorage.snapshot());
    await store.run('second request', async () => {
      await Promise.resolve();
      expect(snapshot((a: number, b: number) => `${store.getStore()} ${a + b}`, 2, 3)).toBe(
        'first request 5',
      );
      expect(store.getStore()).toBe('second request');
    });
  });

  it("keeps the function's length, the caller's this, or the this it was given", () => {
    function named(this: { name: string } | undefined, a: number, b: number) {
      return `${this?.name}:${a + b}`;
    }
    const resource = new AsyncResource('test');
    const free = resource.bind(named);
    expect(free.length).toBe(2);
    expect(free.call({ name: 'caller' }, 1, 2)).toBe('caller:3');
    // Node takes a thisArg here (its docs); @types/node does not say so.
    const bindWith = resource.bind.bind(resource) as unknown as (
      fn: typeof named,
      thisArg: unknown,
    ) => typeof named;
    expect(bindWith(named, { name: 'given' }).call({ name: 'caller' }, 1, 2)).toBe('given:3');
    const bound = AsyncResource.bind(named, 'type', { name: 'static' }) as unknown as (
      a: number,
      b: number,
    ) => string;
    expect(bound(4, 5)).toBe('static:9');
  });

  it('refuses what is not a function, as Node does', () => {
    const resource = new AsyncResource('test');
    expect(() => resource.bind('nope' as never)).toThrow(TypeError);
  });
});
