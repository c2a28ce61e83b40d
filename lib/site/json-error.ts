/** A site route's refusal in the API's shape (`{ code, error: { message } }`), never cached. */
export const jsonError = (status: number, code: string, message: string) =>
  Response.json({ code, error: { message } }, { status, headers: { 'cache-control': 'no-store' } });
