import type { MessageKeys, Messages, NestedKeyOf } from 'next-intl';

/** A message key under one namespace (global.d.ts types the messages): a typo fails the type-check. */
export type KeyIn<N extends keyof Messages> = MessageKeys<Messages[N], NestedKeyOf<Messages[N]>>;
