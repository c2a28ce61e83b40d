/** Demo data the platform starts with; seeding inserts what is missing, so twice changes nothing. */
export const languageRows = [
  { code: 'en', name: 'English', flag: '/flags/gb.svg', direction: 'ltr' as const },
  { code: 'es', name: 'Español', flag: '/flags/es.svg', direction: 'ltr' as const },
  { code: 'pt', name: 'Português', flag: '/flags/br.svg', direction: 'ltr' as const },
  { code: 'de', name: 'Deutsch', flag: '/flags/de.svg', direction: 'ltr' as const },
  { code: 'fr', name: 'Français', flag: '/flags/fr.svg', direction: 'ltr' as const },
  { code: 'tr', name: 'Türkçe', flag: '/flags/tr.svg', direction: 'ltr' as const },
  { code: 'ru', name: 'Русский', flag: '/flags/ru.svg', direction: 'ltr' as const },
  { code: 'ja', name: '日本語', flag: '/flags/jp.svg', direction: 'ltr' as const },
  { code: 'ko', name: '한국어', flag: '/flags/kr.svg', direction: 'ltr' as const },
  { code: 'zh', name: '中文', flag: '/flags/cn.svg', direction: 'ltr' as const },
  { code: 'vi', name: 'Tiếng Việt', flag: '/flags/vn.svg', direction: 'ltr' as const },
  { code: 'ar', name: 'العربية', flag: '/flags/sa.svg', direction: 'rtl' as const },
].map((row, sortOrder) => ({ ...row, sortOrder }));

/** The cryptocurrencies the footer counts and shows, in display order. */
export const cryptoRows = [
  { symbol: 'BTC', name: 'Bitcoin', logoUrl: '/crypto/btc.svg' },
  { symbol: 'ETH', name: 'Ethereum', logoUrl: '/crypto/eth.svg' },
  { symbol: 'USDT', name: 'Tether', logoUrl: '/crypto/usdt.svg', decimals: 6 },
  { symbol: 'USDC', name: 'USD Coin', logoUrl: '/crypto/usdc.svg', decimals: 6 },
  { symbol: 'BNB', name: 'BNB', logoUrl: '/crypto/bnb.svg' },
  { symbol: 'SOL', name: 'Solana', logoUrl: '/crypto/sol.svg' },
  { symbol: 'XRP', name: 'XRP', logoUrl: '/crypto/xrp.svg' },
  { symbol: 'TRX', name: 'TRON', logoUrl: '/crypto/trx.svg' },
  { symbol: 'DOGE', name: 'Dogecoin', logoUrl: '/crypto/doge.svg' },
  { symbol: 'LTC', name: 'Litecoin', logoUrl: '/crypto/ltc.svg' },
  { symbol: 'TON', name: 'Toncoin', logoUrl: '/crypto/ton.svg' },
  { symbol: 'ADA', name: 'Cardano', logoUrl: '/crypto/ada.svg' },
  { symbol: 'BCH', name: 'Bitcoin Cash', logoUrl: '/crypto/bch.svg' },
  { symbol: 'POL', name: 'Polygon', logoUrl: '/crypto/pol.svg' },
  { symbol: 'AVAX', name: 'Avalanche', logoUrl: '/crypto/avax.svg' },
  { symbol: 'DOT', name: 'Polkadot', logoUrl: '/crypto/dot.svg' },
  { symbol: 'LINK', name: 'Chainlink', logoUrl: '/crypto/link.svg' },
  { symbol: 'SHIB', name: 'Shiba Inu', logoUrl: '/crypto/shib.svg' },
].map((row, sortOrder) => ({ ...row, sortOrder }));
