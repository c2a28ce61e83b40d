import { notFound } from 'next/navigation';

// Any path no page claims is the localized 404, inside the shell (./not-found.tsx beside the layout).
export default function CatchAllPage() {
  notFound();
}
