import { AsyncResource } from 'node:async_hooks';

type Callable = (this: unknown, ...args: unknown[]) => unknown;

/**
 * `AsyncResource#bind` without its deprecated `asyncResource` accessor (DEP0172), installed before
 * Next loads. Node builds that accessor with `util.deprecate`, which makes one new function the
 * prototype of another on every call; V8 then keeps each such function, and everything the bound
 * function's context holds, through every young-generation collection until the next full one.
 * Next takes an `AsyncLocalStorage.snapshot()` (a `bind`) for every request, so every request's
 * objects were promoted: 3–4 MB/s of old generation at 100 calls a second and a full collection
 * every 7–8 s, each a 50–100 ms stall of the requests it met (bench/README.md, bench:wallet).
 * Without the accessor a reproduction promotes 0.02 % of what it allocates, not 38–56 %. The bound
 * function runs `fn` in the resource's async scope exactly as Node's does.
 */
export function installAsyncBind(): void {
  function bind(this: AsyncResource, fn: Callable, thisArg?: unknown): Callable {
    if (typeof fn !== 'function') {
      throw new TypeError('The "fn" argument must be of type function');
    }
    const run = this.runInAsyncScope.bind(this);
    const bound: Callable =
      thisArg === undefined
        ? function (this: unknown, ...args) {
            return run(fn, this, ...args);
          }
        : (...args) => run(fn, thisArg, ...args);
    Object.defineProperty(bound, 'length', { value: fn.length, configurable: true });
    return bound;
  }
  AsyncResource.prototype.bind = bind as AsyncResource['bind'];
}
