import { appendDistinct, remember, SEARCH_HISTORY_SIZE } from '@/components/search/history';

describe('search history', () => {
  it('keeps the 5 most recent distinct queries, newest first, case-insensitively', () => {
    let history: string[] = [];
    for (const q of ['dragon', 'Golden', 'piñata', 'golden', '  koi  ', 'tiger', 'wolves'])
      history = remember(history, q);
    expect(history).toEqual(['wolves', 'tiger', 'koi', 'golden', 'piñata']);
    expect(history).toHaveLength(SEARCH_HISTORY_SIZE);
    expect(remember(history, '   ')).toEqual(history);
  });

  it('load-more appends the next page without games already shown', () => {
    const a = { id: '1' };
    const b = { id: '2' };
    const c = { id: '3' };
    expect(appendDistinct([a, b], [b, c, c])).toEqual([a, b, c]);
  });
});
