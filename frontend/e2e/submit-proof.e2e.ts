import * as zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkPage, DESKTOP, openBrowser, PHONE, settle, type Session } from './browser';
import { DEV_KEYS } from './chain';
import { expectToast, signInWithWallet, uniqueName } from './flows';

// Demo tasks of `npm start` by demo_creator (dev wallet #2), one per submission type.
const TEXT_TASK = 'Test the sign-in flow on mobile';
const LINK_TASK = 'Write a thread about CENT Tasks';
const FILE_TASK = 'Design a banner for the CENT community';
const MIXED_TASK = 'Find a bug in the task browser';

/** A real 8x8 PNG (the server re-encodes uploads, so it must decode). */
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return (~c >>> 0);
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.concat(Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(24, 0x7c)])));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function openTask(page: Page, baseUrl: string, title: string) {
  await page.goto(`${baseUrl}/tasks?q=${encodeURIComponent(title)}&available=false`);
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

describe('earner: submit text, link and image proof; the creator cannot submit', () => {
  const { baseUrl, rpcUrl } = inject('product');
  let s: Session;
  beforeAll(async () => {
    s = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[9] });
    await signInWithWallet(s.page, baseUrl, uniqueName('earner'));
  });
  afterAll(() => s.close());

  it('submits text proof, then shows it as pending review', async () => {
    const { page } = s;
    const dialog = await openTask(page, baseUrl, TEXT_TASK);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    const form = dialog.getByRole('form', { name: 'Submit proof' });
    await form.waitFor();
    expect(await form.getByRole('tab').count()).toBe(0); // one input for a single-type task
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Missing text proof', 'Please provide text description as proof');
    await form.getByLabel('Proof text').fill('   ');
    await form.getByLabel('Proof text').blur();
    await form.getByText('Please provide proof text').waitFor();
    await form.getByLabel('Proof text').fill('Pixel 8, MetaMask mobile: every step worked; the sign-in took 4 seconds.');
    await form.getByLabel('Additional Notes (optional)').fill('Tested twice.');
    await settle(page);
    await checkPage(page, 'submit-proof-text');
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Proof submitted', 'Your submission has been sent for review.');
    await dialog.getByText('You have already submitted proof for this task.').waitFor();
    expect(await dialog.getByText('Pending Review').count()).toBeGreaterThan(0);
    await checkPage(page, 'task-detail-submitted');
  });

  it('submits link proof (a bad URL is refused on blur)', async () => {
    const { page } = s;
    const dialog = await openTask(page, baseUrl, LINK_TASK);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    const form = dialog.getByRole('form', { name: 'Submit proof' });
    await form.getByLabel('Proof link').fill('not a url');
    await form.getByLabel('Proof link').blur();
    await form.getByText('Please enter a valid URL').waitFor();
    await form.getByLabel('Proof link').fill('https://x.com/someone/status/123');
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Proof submitted');
    await dialog.getByText('You have already submitted proof for this task.').waitFor();
  });

  it('checks images before upload, uploads one with a preview and submits it', async () => {
    const { page } = s;
    const dialog = await openTask(page, baseUrl, FILE_TASK);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    const form = dialog.getByRole('form', { name: 'Submit proof' });
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Missing file', 'Please upload a file as proof');
    const input = form.getByLabel('Proof image');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Invalid file type', 'Please upload an image file (JPEG, PNG, GIF).');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024, 1) });
    await expectToast(page, 'File too large', 'File size should be less than 2MB.');
    await input.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png() });
    await expectToast(page, 'File uploaded');
    const preview = form.getByRole('img', { name: 'Uploaded proof preview' });
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
    await checkPage(page, 'submit-proof-image');
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Proof submitted');
  });

  it('offers Link / Text Description / File Upload tabs on a mixed task; the active tab decides', async () => {
    const { page } = s;
    const dialog = await openTask(page, baseUrl, MIXED_TASK);
    await dialog.getByRole('button', { name: 'Submit Proof' }).click();
    const form = dialog.getByRole('form', { name: 'Submit proof' });
    await form.getByRole('tab', { name: 'Link' }).waitFor();
    expect(await form.getByRole('tab').allTextContents()).toEqual(['Link', 'Text Description', 'File Upload']);
    await form.getByLabel('Proof link').fill('https://example.com/bug-report');
    await form.getByRole('tab', { name: 'Text Description' }).click();
    // The text tab is active and empty: its own message, although a link was typed on the other tab.
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Missing text proof');
    await form.getByLabel('Proof text').fill('The reward filter resets when the sheet closes.');
    await settle(page);
    await checkPage(page, 'submit-proof-mixed');
    await form.getByRole('button', { name: 'Submit Proof' }).click();
    await expectToast(page, 'Proof submitted');
  });

  it('on a phone the proof form keeps Submit Proof on screen (a sticky footer), the form scrolling behind it', async () => {
    const { page } = s;
    await page.setViewportSize(PHONE);
    try {
      const dialog = await openTask(page, baseUrl, MIXED_TASK);
      await dialog.getByRole('button', { name: 'Submit Proof' }).click();
      const form = dialog.getByRole('form', { name: 'Submit proof' });
      await form.waitFor();
      await form.getByRole('tab', { name: 'Text Description' }).click();
      const submit = form.getByRole('button', { name: 'Submit Proof' });
      // Not scrolled to by the test: where the form starts, its Submit is already within the phone's screen.
      await form.getByText('Submit Proof', { exact: true }).first().scrollIntoViewIfNeeded();
      const box = await submit.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      await checkPage(page, 'submit-proof-phone-sticky');
      await form.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('the creator sees no Submit Proof on their own task', async () => {
    const creator = await openBrowser({ rpcUrl, privateKey: DEV_KEYS[2] }); // demo_creator
    try {
      await signInWithWallet(creator.page, baseUrl);
      const dialog = await openTask(creator.page, baseUrl, TEXT_TASK);
      await dialog.getByText('You created this task, so you cannot submit proof for it.').waitFor();
      expect(await dialog.getByRole('button', { name: 'Submit Proof' }).count()).toBe(0);
      await checkPage(creator.page, 'task-detail-creator');
    } finally {
      await creator.close();
    }
  });
});
