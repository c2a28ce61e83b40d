import { isValidAddress } from '@/lib/schemas/networks';

describe('withdrawal address rules per network', () => {
  it.each([
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['ethereum', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true], // one case: no checksum to check
    ['ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', false], // checksum broken
    ['bsc', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', false],
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', true],
    ['bitcoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['bitcoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', false],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['bitcoin', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', false],
    ['bitcoin', 'tb1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', false], // testnet
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true],
    ['tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', false],
    ['tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', false], // a Bitcoin address is not TRON's
    ['solana', 'So11111111111111111111111111111111111111112', true],
    ['solana', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', false],
  ] as const)('%s %s → %s', (network, address, valid) => {
    expect(isValidAddress(network, address)).toBe(valid);
  });
});
