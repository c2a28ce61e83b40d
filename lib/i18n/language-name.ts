/** A language's name in the reader's language ("de" read in English: "German"). */
export const languageName = (reader: string, code: string) =>
  new Intl.DisplayNames([reader], { type: 'language' }).of(code) ?? code;
