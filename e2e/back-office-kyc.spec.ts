import sharp from 'sharp';
import { signedIn } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The KYC room (issue 36): a player's documents reach the queue; a risk officer reviews them inside
 * the room — photos inline, a PDF drawn by pdf.js, never opened on the back office's origin —
 * approves level 2 and refuses level 3 with a coded reason and a note; the player sees the new level
 * and the reason in their own words.
 */

const photo = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

/** A red square, 32 × 32, as a JPEG 2000 codestream (made once with OpenJPEG's opj_compress). */
const redSquare = Buffer.from(
  '/0//UQAvAAAAAAAgAAAAIAAAAAAAAAAAAAAAIAAAACAAAAAAAAAAAAADBwEBBwEBBwEB/1IADAAAAAEBAQQEAAH/XAAHQEBISFD/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi41LjD/kAAKAAAAAABDAAH/k8fUMhFQVK/0nLA8AAAAAGEhL/hp2AAAAAMJCX+A34CQFABcr/SdaVzAAAAAAAYSEv9/gICA/9k=',
  'base64',
);

/**
 * A one-page PDF a person might send as a utility bill: a line of text and, as in a scanned
 * statement, an image in JPEG 2000 (drawn at 200–260 × 20–80 on a 300 × 200 page).
 */
const bill = Buffer.concat([
  Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>/XObject<</Im1 6 0 R>>>>>>endobj',
      '4 0 obj<</Length 75>>stream',
      'BT /F1 24 Tf 40 100 Td (Utility bill) Tj ET q 60 0 0 60 200 20 cm /Im1 Do Q',
      'endstream endobj',
      '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
      `6 0 obj<</Type/XObject/Subtype/Image/Width 32/Height 32/Filter/JPXDecode/Length ${redSquare.length}>>stream`,
      '',
    ].join('\n'),
  ),
  redSquare,
  Buffer.from(['', 'endstream endobj', 'trailer<</Root 1 0 R>>', '%%EOF'].join('\n')),
]);

test('risk reviews KYC documents in the room and the player sees the decision @phone', async ({
  browser,
  page,
}) => {
  const player = await browser.newPage();
  const { token } = await signedIn(player, 'kyc-room');
  const auth = { Authorization: `Bearer ${token}` };
  const details = await player.request.put('/api/v1/users/verification/details', {
    headers: auth,
    data: {
      firstName: 'Ana',
      lastName: 'Reviewed',
      birthDate: '1990-04-12',
      country: 'PT',
      address: 'Rua Augusta 10',
      city: 'Lisboa',
      postalCode: '1100-053',
    },
  });
  expect(details.status()).toBe(200);
  const send = async (kind: string, body: Buffer, type: string) => {
    const sent = await player.request.post(`/api/v1/users/verification/documents?kind=${kind}`, {
      headers: { ...auth, 'content-type': type },
      data: body,
    });
    expect(sent.status()).toBe(200);
  };
  for (const kind of ['id_front', 'id_back', 'selfie'])
    await send(kind, await photo(), 'image/jpeg');
  const me = (await (await player.request.get('/api/v1/users/me', { headers: auth })).json()) as {
    data: { name: string };
  };
  const username = me.data.name;

  await signedInStaff(page, 'risk', 'Rui', 'Risk');
  await page.getByTestId('queue-kyc').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'KYC reviews', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Review level 2 of ${username}` }).click();
  const review = page.getByRole('dialog', { name: new RegExp(`KYC case of ${username}`) });
  await expect(review).toContainText('Ana');
  await expect(review).toContainText('Reviewed');
  // The photos are shown inside the room, from the fetched bytes.
  for (const name of [
    'Identity document (front)',
    'Identity document (back)',
    'Selfie holding the document',
  ]) {
    const image = review.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', /^blob:/);
  }
  await expectAccessible(page, 'KYC case, level 2');
  await review.getByRole('button', { name: 'Approve level 2' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Level 2 of ${username} is approved.` }),
  ).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve level 2' })).toHaveCount(0);

  // Level 3: a PDF and a photo; the PDF is drawn by pdf.js inside the case.
  await send('proof_of_address', bill, 'application/pdf');
  await send('source_of_funds', await photo(), 'image/jpeg');
  await review.getByRole('button', { name: 'Close' }).click();
  await expect(review).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: `Review level 3 of ${username}` }).click();
  const pdfPage = review.getByRole('img', { name: 'Proof of address, page 1' });
  await expect(pdfPage).toBeVisible();
  // The JPEG 2000 image was decoded (WebAssembly in the worker), not left blank: the middle of
  // the square (230 × 50 in page units) is red on the canvas.
  const middle = await pdfPage.evaluate((canvas: HTMLCanvasElement) => {
    const scale = canvas.width / 300;
    const [r, g, b] = canvas
      .getContext('2d')!
      .getImageData(Math.round(230 * scale), Math.round((200 - 50) * scale), 1, 1).data;
    return { r, g, b };
  });
  expect(middle.r).toBeGreaterThan(200);
  expect(middle.g).toBeLessThan(80);
  expect(middle.b).toBeLessThan(80);
  await review.getByRole('button', { name: 'Refuse level 3' }).click();
  const refuse = review.getByRole('form', { name: 'Refuse level 3' });
  await refuse.getByRole('button', { name: 'Refuse' }).click();
  await expect(refuse.getByText('Choose a reason.')).toBeVisible();
  await refuse.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'the document does not match your details' }).click();
  await refuse
    .getByRole('textbox', { name: 'Note to the player (optional)' })
    .fill('The bill is in another name');
  await expectAccessible(page, 'KYC case, refusing level 3');
  await refuse.getByRole('button', { name: 'Refuse' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `Level 3 of ${username} is refused.` }),
  ).toBeVisible();

  await player.goto('/account-management/verification');
  await expect(player.getByTestId('kyc-caps')).toContainText('Verification level 2');
  const three = player.getByRole('region', { name: 'Level 3: address and source of funds' });
  await expect(three).toContainText('Reason: the document does not match your details');
  await expect(three).toContainText("Reviewer's note: The bill is in another name");
  await player.close();
});
