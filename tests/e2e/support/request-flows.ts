import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { see, type Snap } from './flows';

const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A logged-in creator fills the Dutch request form; returns the shareable link. */
export async function createPaymentRequest(page: Page, snap: Snap, title: string): Promise<string> {
  await page.goto('/creator-request');
  await see(page, 'Nieuw betaalverzoek');
  await page.getByLabel('Naam merk').fill('Acme Drinks');
  await page.getByLabel('E-mail merk').fill('marketing@acme.example');
  await page.getByLabel('Social handle merk (optioneel)').fill('@acmedrinks');
  await page.getByLabel('Titel van de opdracht').fill(title);
  await page.getByLabel('Omschrijving').fill('Twee stories en een post over de zomerlijn.');
  await page.getByLabel('Bedrag (€)').fill('200');
  await expect.poll(() => page.getByTestId('request-breakdown').textContent()).toContain('210,00');
  await page.getByLabel('Deadline').fill(inDays(20));
  await snap(page, 'creator-request');
  await page.getByRole('button', { name: 'Betaalverzoek aanmaken' }).click();
  await see(page, 'Betaalverzoek aangemaakt');
  await see(page, 'Wacht op betaling');
  const link = (await page.getByTestId('request-link').textContent()) ?? '';
  expect(link).toContain('/pay-request/');
  await snap(page, 'request-created');
  await page.getByRole('button', { name: 'Link kopiëren' }).click();
  await see(page, 'Gekopieerd!');
  await page.getByRole('button', { name: 'Nieuw verzoek' }).click();
  return link;
}
