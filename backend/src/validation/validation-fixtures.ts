import sharp from 'sharp';
import { TaskUnderReview } from './validation.types';

/** Tasks the labelled fixtures are judged against (also used by the route tests). */
export const FIXTURE_TASKS = {
  thread: {
    id: 1, category: 'Content', submissionType: 'text', title: 'Write a thread about CENT Tasks',
    description: 'Post a thread on X about the CENT Tasks marketplace and how its escrow protects rewards.',
    requirements: 'At least 5 posts. Explain how the escrow holds the rewards, mention the CENT token and link the marketplace site.',
  },
  retweet: {
    id: 2, category: 'Social Media', submissionType: 'link', title: 'Retweet the CENT launch announcement',
    description: 'Help spread the word about the launch of CENT Tasks.',
    requirements: 'Retweet the pinned launch announcement from your own X account and submit the link to your retweet.',
  },
  github: {
    id: 3, category: 'Development', submissionType: 'link', title: 'Review the TaskEscrow contract',
    description: 'Read the TaskEscrow Solidity contract and report what you find.',
    requirements: 'Open an issue on github.com with a code review of TaskEscrow.sol (reentrancy, access control, events) and submit the issue link.',
  },
  screenshot: {
    id: 4, category: 'Testing', submissionType: 'file', title: 'Screenshot your CENT dashboard',
    description: 'Sign in to CENT Tasks and open your dashboard.',
    requirements: 'Upload a screenshot of the dashboard showing your wallet balance and your submissions.',
  },
  translate: {
    id: 5, category: 'Translation', submissionType: 'mixed', title: 'Translate the FAQ into Spanish',
    description: 'Our FAQ explains wallets, escrow and rewards; we need it in Spanish.',
    requirements: 'Translate the FAQ answers about wallets, escrow and rewards into Spanish. Paste the translation or share a document link.',
  },
  appReview: {
    id: 6, category: 'Reviews', submissionType: 'text', title: 'Review the CENT mobile app',
    description: 'Install the CENT mobile app and try it out.',
    requirements: 'Test the onboarding, payments and notifications, and describe three bugs or improvements you found.',
  },
} satisfies Record<string, TaskUnderReview>;

export const GOOD_THREAD_TEXT =
  'I posted a 6-post thread on X about CENT Tasks: https://x.com/alice/status/1790000000000000001. ' +
  'Post 1 introduces the marketplace, post 2 explains how the escrow contract holds the rewards until a creator ' +
  'approves the work, post 3 covers the CENT token and how payouts are released, post 4 compares it to other ' +
  'bounty sites, post 5 links the marketplace site and post 6 invites people to try a first task.';

export const GOOD_REVIEW_TEXT =
  'Tested the app on Android 14. Onboarding: the wallet connection screen hangs if you switch apps before signing; ' +
  'restarting fixes it. Payments: the reward shows in CENTS but the confirmation screen shows wei, which is confusing. ' +
  'Notifications: approval notifications arrive twice. Improvement: add a retry button when a payout is pending.';

/** A synthetic "screenshot": a gradient with a few shapes, deterministic for a seed. */
export async function screenshotPng(seed: number, width = 640, height = 400): Promise<Buffer> {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 131) % (width - 120);
    const y = (seed * 53 + i * 71) % (height - 80);
    const c = ['#e63946', '#457b9d', '#2a9d8f', '#f4a261', '#264653', '#8338ec'][(seed + i) % 6];
    return `<rect x="${x}" y="${y}" width="${100 + ((seed + i) % 5) * 15}" height="${60 + i * 7}" fill="${c}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fafafa"/>
    <stop offset="1" stop-color="#${(seed * 2654435761 % 0xffffff).toString(16).padStart(6, '0')}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The same picture as someone would re-post it: resized and saved as a lossy JPEG. */
export async function reencodedCopy(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(560).jpeg({ quality: 70 }).toBuffer();
}

export async function blankPng(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).png().toBuffer();
}

export async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .composite([{ input: Buffer.from('<svg width="16" height="16"><rect width="8" height="8" fill="#fff"/></svg>') }])
    .png().toBuffer();
}
