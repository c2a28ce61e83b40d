import { redirect } from 'next/navigation';

/** The back office opens on its first room. */
export default function OperatorHome() {
  redirect('/operator/support');
}
