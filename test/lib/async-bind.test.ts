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
    function named(this: unknown, a: number, b: number) {
      const name = typeof this === 'object' && this !== null && 'name' in this ? this.name : 'none';
      return `${String(name)}:${a + b}`;
    }
    const resource = new AsyncResource('test');
    const free = resource.bind(named);
    expect(free.length).toBe(2);
    expect(free.call({ name: 'caller' }, 1, 2)).toBe('caller:3');
    expect(free(1, 2)).toBe('none:3');
    expect(bindTo(resource, named, { name: 'given' }).call({ name: 'caller' }, 1, 2)).toBe(
      'given:3',
    );
    expect(AsyncResource.bind(named, 'type', { name: 'static' })(4, 5)).toBe('static:9');
  });

  it('refuses what is not a function, as Node does', () => {
    const resource = new AsyncResource('test');
    expect(() => Reflect.apply(resource.bind, resource, ['nope'])).toThrow(TypeError);
  });
});

/** Node's `bind(fn, thisArg)`: @types/node declares the instance method without its thisArg. */
function bindTo<Fn extends (...args: never[]) => unknown>(
  resource: AsyncResource,
  fn: Fn,
  thisArg: unknown,
): Fn {
  return Reflect.apply(resource.bind, resource, [fn, thisArg]);
}
