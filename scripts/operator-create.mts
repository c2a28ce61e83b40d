/**
 * `npm run operator:create -- --email agent@example.com --role support [--name Alex]`: a back-office
 * account. The password is asked for twice (hidden), or read from standard input when it is not a
 * terminal; the TOTP secret is printed once, with a QR code for the authenticator app.
 * With the embedded database, stop the site first: only one process may open it, and the data
 * directory's lock (lib/server/db/data-dir-lock.ts) refuses this one while the site holds it.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createStaff } from '@/lib/server/staff/accounts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
  },
});

async function readAll(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, '');
}

/** Asks without echoing what is typed: the prompt is written, then the output muted. */
function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stdout.write(question);
  muted = true;
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function password(): Promise<string> {
  if (!process.stdin.isTTY) return readAll();
  const first = await ask('Password (12 characters or more): ');
  if ((await ask('Again: ')) !== first) throw new Error('the two passwords differ');
  return first;
}

try {
  if (!values.email || !values.role) {
    throw new Error(
      'usage: npm run operator:create -- --email <email> --role <admin|support|payments|risk> [--name <name>]',
    );
  }
  // Opened before the password is asked for: an embedded database another process holds (the
  // running site) is refused by its lock, with the message saying so.
  await getDbHandle();
  const made = await createStaff({
    email: values.email,
    role: values.role,
    name: values.name ?? values.email.split('@')[0]!,
    password: await password(),
  });
  console.log(`Created ${made.role} ${made.email} (${made.id}).`);
  console.log('Add this to the authenticator app now; it is not shown again:');
  console.log(await QRCode.toString(made.otpauthUrl, { type: 'terminal', small: true }));
  console.log(`TOTP secret: ${made.secret}`);
  console.log(`otpauth: ${made.otpauthUrl}`);
} catch (error) {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
  console.error(
    issues
      ? issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')
      : (error as Error).message,
  );
  process.exitCode = 1;
} finally {
  await closeDb();
}
