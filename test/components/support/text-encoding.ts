import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder; the address rules of lib/schemas/networks (base58, bech32) need it when
// they load. Imported first by the tests of wallet views.
Object.assign(globalThis, { TextEncoder, TextDecoder });
