/** The spec's toast lengths: title cut at 30 characters, message at 50. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A notice's toast line, as the site pops it up and the back office previews it. */
export const toastText = (title: string, message: string) =>
  `${cut(title, 30)} — ${cut(message, 50)}`;
