import { isOriginAllowed } from '@/lib/realtime/origin';

const options = {
  siteUrl: 'https://casino.example',
  allowedOrigins: ['https://partner.example'],
  host: 'localhost:3000',
};

describe('socket origin check', () => {
  it.each([
    ['https://casino.example', true],
    ['https://partner.example', true],
    ['http://localhost:3000', true],
    ['https://evil.example', false],
    ['http://localhost:3001', false],
    ['null', false],
    [undefined, false],
  ])('%s → %s', (origin, expected) => {
    expect(isOriginAllowed(origin, options)).toBe(expected);
  });
});
