import { notFound } from 'next/navigation';

// Any path no page claims (including an unknown language prefix) is the localized 404.
export default function CatchAllPage() {
  notFound();
}
