/** One formatter per reader's language: a list renders a language name per row. */
const namers = new Map<string, Intl.DisplayNames>();

/** A language's name in the reader's language ("de" read in English: "German"). */
export function languageName(reader: string, code: string): string {
  let namer = namers.get(reader);
  if (!namer) {
    namer = new Intl.DisplayNames([reader], { type: 'language' });
    namers.set(reader, namer);
  }
  return namer.of(code) ?? code;
}
