import { draftMode } from 'next/headers';
import { redirect } from 'next/navigation';
import { safeReturnPath } from '@/lib/site/safe-return';

/** The preview bar's exit: draft mode off, back to the same page as everyone sees it. */
export async function GET(request: Request) {
  (await draftMode()).disable();
  redirect(safeReturnPath(new URL(request.url).searchParams.get('url'), '/'));
}
