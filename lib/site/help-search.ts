import type { HelpArticle } from '@/lib/content';
import type { ArticleText, RichTextInline } from '@/lib/content/schemas';

const MAX_QUERY = 100;

function inlineText(nodes: RichTextInline[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.text : inlineText(n.children))).join('');
}

/** The plain text of an article's blocks (search, descriptions). */
export function blocksText(blocks: ArticleText): string {
  return blocks
    .map((b) =>
      b.type === 'list'
        ? b.children.map((item) => inlineText(item.children)).join(' ')
        : inlineText(b.children),
    )
    .join(' ');
}

/** Case- and accent-insensitive, for every script (no lower-casing tricks that only suit Latin). */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The query as the search uses it: trimmed, length-limited; blank means no search (spec §5). */
export function helpQuery(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return (value ?? '').trim().slice(0, MAX_QUERY);
}

/**
 * Articles containing every word of the query (title, summary, body, questions and answers),
 * those matching in the title first. Works on words, so it needs no index for a help centre's size.
 */
export function searchHelp(articles: HelpArticle[], query: string): HelpArticle[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return articles
    .map((article, i) => {
      const title = fold(article.title);
      const all = fold(
        [
          article.title,
          article.summary,
          blocksText(article.body),
          ...article.faq.flatMap((f) => [f.question, f.answer]),
        ].join(' '),
      );
      if (!words.every((w) => all.includes(w))) return null;
      return { article, i, inTitle: words.filter((w) => title.includes(w)).length };
    })
    .filter((x) => x !== null)
    .sort((a, b) => b.inTitle - a.inTitle || a.i - b.i)
    .map((x) => x.article);
}
