import { notFound } from 'next/navigation';
import { config } from '@/lib/config';
import { Thrower } from './thrower';

/** Only with ERROR_PROBE=true (the e2e server): a page whose client part throws, to test the error page. */
export default function ErrorProbePage() {
  if (!config.ERROR_PROBE) notFound();
  return <Thrower />;
}
