import type { MessageKeys, Messages, NestedKeyOf } from 'next-intl';

/** A message key under one namespace (global.d.ts types the messages): a typo fails the type-check. */
export type KeyIn<N extends keyof Messages> = MessageKeys<Messages[N], NestedKeyOf<Messages[N]>>;

/**
 * Whether a string known only at run time (a shared schema's message, say) is a key of a flat
 * namespace: a check instead of a cast, so the translator still gets a typed key.
 */
export function isKeyOf<T extends object>(
  namespace: T | undefined,
  key: string,
): key is Extract<keyof T, string> {
  return namespace !== undefined && Object.hasOwn(namespace, key);
}
