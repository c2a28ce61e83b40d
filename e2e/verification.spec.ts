import type { Page } from '@playwright/test';
import sharp from 'sharp';
import ar from '../messages/ar.json';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { signedIn } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';

/**
 * Verification (issue 17): level 1 details (18+ enforced), level 2 documents sent as a person
 * does (the file chooser), a reviewer approving through the operator API, and the caps the level
 * sets — in English and Arabic, axe-clean.
 */

async function photo() {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
}

/** Chooses a file through the button, as a person does. */
async function chooseFile(page: Page, button: string, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer });
}

test('level 1 details, then level 2 documents reviewed by the operator', async ({ page }) => {
  const { userId } = await signedIn(page, 'kyc');
  await page.goto('/account-management/verification');
  await expect(page.getByTestId('kyc-caps')).toContainText(
    'Verification level 0: you can withdraw $2,000.00 in 24 hours and $10,000.00 in 30 days.',
  );
  await expectAccessible(page, 'verification page');

  const one = page.getByRole('region', { name: 'Level 1: your details' });
  await one.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await one.getByRole('textbox', { name: 'Last name' }).fill('Silva');
  const year = new Date().getUTCFullYear();
  await one.getByLabel('Date of birth').fill(`${year - 16}-05-01`);
  await pickOption(page, one.getByRole('combobox', { name: 'Country' }), 'Portugal');
  await one.getByRole('textbox', { name: 'Address' }).fill('Rua Augusta 10');
  await one.getByRole('textbox', { name: 'City' }).fill('Lisboa');
  await one.getByRole('textbox', { name: 'Postal code' }).fill('1100-053');
  await one.getByRole('button', { name: 'Save my details' }).click();
  await expect(one.getByLabel('Date of birth')).toHaveAccessibleDescription(
    'You must be 18 or older',
  );
  await one.getByLabel('Date of birth').fill('1990-05-01');
  await one.getByRole('button', { name: 'Save my details' }).click();
  await expect(page.getByText('Your details are saved: level 1 is approved.')).toBeVisible();
  await expect(one).toContainText('Ana Silva, Portugal');

  const two = page.getByRole('region', { name: 'Level 2: identity' });
  await chooseFile(page, 'Upload: Identity document (front)', 'front.jpg', await photo());
  await expect(page.getByText('Identity document (front) received.')).toBeVisible();
  // A text file dressed as a picture is refused by what it is, not by its name.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload: Identity document (back)' }).click();
  await (
    await chooser
  ).setFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html></html>') });
  await expect(page.getByText('This file type is not accepted.', { exact: false })).toBeVisible();
  await chooseFile(page, 'Upload: Identity document (back)', 'back.jpg', await photo());
  await chooseFile(page, 'Upload: Selfie holding the document', 'selfie.jpg', await photo());
  await expect(two.getByText('In review').first()).toBeVisible();
  await expectAccessible(page, 'verification in review');

  const approved = await page.request.post(`/api/v1/operator/kyc/${userId}/levels/2`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { decision: 'approve' },
  });
  expect(approved.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('kyc-caps')).toContainText('Verification level 2');
  await expect(page.getByRole('region', { name: 'Level 2: identity' })).toContainText('Approved');
  await expect(page.getByRole('button', { name: 'Upload: Proof of address' })).toBeEnabled();
});

test('in Arabic: the verification page and a rejected document’s reason', async ({ page }) => {
  const { userId } = await signedIn(page, 'kyc-ar');
  const t = ar.verification;
  await page.goto('/ar/account-management/verification');
  const one = page.getByRole('region', { name: t.level['1'] });
  await expect(one).toBeVisible();
  await expectAccessible(page, 'verification in Arabic');
  await one.getByRole('textbox', { name: t.field.firstName }).fill('ليلى');
  await one.getByRole('textbox', { name: t.field.lastName }).fill('حسن');
  await one.getByLabel(t.field.birthDate).fill('1992-02-02');
  await pickOption(page, one.getByRole('combobox', { name: t.field.country }), 'الأردن');
  await one.getByRole('textbox', { name: t.field.address }).fill('شارع الرينبو 5');
  await one.getByRole('textbox', { name: t.field.city }).fill('عمّان');
  await one.getByRole('textbox', { name: t.field.postalCode }).fill('11181');
  await one.getByRole('button', { name: t.submitDetails }).click();
  await expect(page.getByText(t.detailsSaved)).toBeVisible();
  for (const kind of ['id_front', 'id_back', 'selfie'] as const) {
    await chooseFile(
      page,
      t.uploadLabel.replace('{document}', t.document[kind]),
      `${kind}.jpg`,
      await photo(),
    );
    await expect(page.getByText(t.uploaded.replace('{document}', t.document[kind]))).toBeVisible();
  }
  const rejected = await page.request.post(`/api/v1/operator/kyc/${userId}/levels/2`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { decision: 'reject', reason: 'blurred', note: 'Retake the front, please' },
  });
  expect(rejected.status()).toBe(200);
  await page.reload();
  const two = page.getByRole('region', { name: t.level['2'] });
  await expect(two).toContainText(t.status.rejected);
  // The reason in the player's language, the reviewer's note as typed.
  await expect(two).toContainText(t.refusal.blurred);
  await expect(two).toContainText('Retake the front, please');
  await expectAccessible(page, 'rejected verification in Arabic');
});
