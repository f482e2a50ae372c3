import { scoreSubmission } from './heuristic-scorer';
import { fingerprintImage } from './image-fingerprint';
import {
  FIXTURE_TASKS as T, GOOD_REVIEW_TEXT, GOOD_THREAD_TEXT, blankPng, reencodedCopy, screenshotPng, tinyPng,
} from './validation-fixtures';
import {
  DEFAULT_THRESHOLDS, ImageEvidence, PeerProof, RiskLevel, SubmissionUnderReview, TaskUnderReview, ValidationEvidence,
} from './validation.types';

/** What a labelled fixture must come out as. `signals` must all be among the signals that fired. */
interface Expect {
  approved: boolean;
  eligible?: boolean;
  risk?: RiskLevel;
  signals?: string[];
  issueMatches?: RegExp;
}

interface Fixture {
  label: string;
  task: TaskUnderReview;
  proof: Partial<SubmissionUnderReview>;
  evidence?: Partial<ValidationEvidence>;
  expect: Expect;
}

const ME = 100;
let nextId = 1000;
const peer = (p: Partial<PeerProof>): PeerProof => ({
  submissionId: nextId++, taskId: 99, userId: 200, proofText: null, proofLink: null, imageSha256: null, imageDhash: null, ...p,
});
const minutes = (m: number) => new Date(Date.UTC(2025, 0, 1, 12, m));

// Real fingerprints of generated images: a screenshot, its re-encoded JPEG copy, another screenshot, a blank and a tiny one.
const img: Record<string, ImageEvidence> = {};
beforeAll(async () => {
  const shot = await screenshotPng(7);
  img.shot = await fingerprintImage(shot);
  img.copy = await fingerprintImage(await reencodedCopy(shot));
  img.other = await fingerprintImage(await screenshotPng(31));
  img.blank = await fingerprintImage(await blankPng());
  img.tiny = await fingerprintImage(await tinyPng());
  img.garbage = await fingerprintImage(Buffer.from('this is not an image at all, just text bytes'));
});

const FIXTURES: Fixture[] = [
  // ---- good proofs ----
  { label: 'good: detailed thread covering the requirements', task: T.thread, proof: { proofText: GOOD_THREAD_TEXT },
    expect: { approved: true, eligible: true, risk: 'low', signals: [] } },
  { label: 'good: detailed app review', task: T.appReview, proof: { proofText: GOOD_REVIEW_TEXT },
    expect: { approved: true, eligible: true, risk: 'low' } },
  { label: 'good: translation pasted as text', task: T.translate,
    proof: { proofText: 'Translated the FAQ answers into Spanish. Wallets: "Una wallet guarda tus tokens CENT." Escrow: "El escrow retiene las rewards hasta la aprobación." Rewards: "Las rewards se pagan en CENTS a tu wallet."' },
    expect: { approved: true, eligible: true, risk: 'low' } },
  { label: 'good: retweet link with notes', task: T.retweet,
    proof: { proofLink: 'https://x.com/alice/status/1790000000000000042', notes: 'Retweeted the pinned launch announcement from my own X account' },
    expect: { approved: true, eligible: true, risk: 'low' } },
  { label: 'good but unverifiable offline: bare retweet link', task: T.retweet, proof: { proofLink: 'https://twitter.com/bob/status/1790000000000000043' },
    expect: { approved: true, eligible: false, risk: 'low' } },
  { label: 'good: GitHub issue link with a summary', task: T.github,
    proof: { proofLink: 'https://github.com/cent/escrow/issues/12', notes: 'Code review of TaskEscrow.sol: reentrancy guarded, access control by role, events on every state change' },
    expect: { approved: true, eligible: true, risk: 'low' } },
  { label: 'good but unverifiable offline: screenshot without notes', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/a.png' },
    evidence: { image: 'shot' as never }, expect: { approved: true, eligible: false, risk: 'low' } },
  { label: 'good: screenshot with a description', task: T.screenshot,
    proof: { proofFileUrl: '/api/uploads/a.png', notes: 'Screenshot of my dashboard with the wallet balance and my three submissions' },
    evidence: { image: 'shot' as never }, expect: { approved: true, eligible: true, risk: 'low' } },
  { label: 'good: wallets linked hours apart on the same task is not a sybil sign', task: T.thread, proof: { proofText: GOOD_THREAD_TEXT },
    evidence: { submitterWalletLinkedAt: minutes(0), coSubmitters: [
      { submissionId: 1, userId: 201, walletLinkedAt: minutes(180) }, { submissionId: 2, userId: 202, walletLinkedAt: minutes(400) }] },
    expect: { approved: true, eligible: true, risk: 'low' } },
  { label: 'good: a different screenshot by another user is not a duplicate', task: T.screenshot,
    proof: { proofFileUrl: '/api/uploads/a.png', notes: 'My dashboard showing the wallet balance and submissions' },
    evidence: { image: 'shot' as never, peers: [peer({ imageSha256: 'other', imageDhash: 'other' as never })] },
    expect: { approved: true, eligible: true, risk: 'low' } },

  // ---- empty / boilerplate / low effort ----
  { label: 'empty: nothing at all', task: T.translate, proof: {}, expect: { approved: false, risk: 'medium', signals: ['empty'] } },
  { label: 'empty: whitespace only', task: T.translate, proof: { proofText: '   \n ' }, expect: { approved: false, signals: ['empty'] } },
  { label: 'boilerplate: "done"', task: T.thread, proof: { proofText: 'Done!' }, expect: { approved: false, signals: ['boilerplate'] } },
  { label: 'boilerplate: "task completed"', task: T.appReview, proof: { proofText: 'task completed' }, expect: { approved: false, signals: ['boilerplate'] } },
  { label: 'boilerplate: lorem ipsum', task: T.thread, proof: { proofText: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.' },
    expect: { approved: false, signals: ['boilerplate'] } },
  { label: 'boilerplate: keyboard mash', task: T.appReview, proof: { proofText: 'asdf asdf asdf' }, expect: { approved: false, signals: ['boilerplate'] } },
  { label: 'boilerplate: one word repeated', task: T.appReview, proof: { proofText: 'good good good good good good good good' },
    expect: { approved: false, signals: ['boilerplate'] } },
  { label: 'too short', task: T.thread, proof: { proofText: 'Posted it.' }, expect: { approved: false, signals: ['too_short'] } },

  // ---- off-topic / copied task ----
  { label: 'off-topic: a banana bread recipe', task: T.thread,
    proof: { proofText: 'Mash three ripe bananas, stir in melted butter, sugar, one egg and vanilla. Fold in flour and baking soda, pour into a loaf pan and bake for an hour at 175 degrees until golden.' },
    expect: { approved: false, risk: 'medium', signals: ['off_topic'] } },
  { label: 'off-topic: review of a different product', task: T.appReview,
    proof: { proofText: 'The vacuum cleaner is quiet and the battery lasts about forty minutes, but the dust container is small and hard to empty. The charging dock slides on tiles.' },
    expect: { approved: false, signals: ['off_topic'] } },
  { label: 'copies the task text back', task: T.thread,
    proof: { proofText: 'Post a thread on X about the CENT Tasks marketplace and how its escrow protects rewards. At least 5 posts. Explain how the escrow holds the rewards, mention the CENT token and link the marketplace site.' },
    expect: { approved: false, signals: ['copies_task'] } },

  // ---- wrong type ----
  { label: 'wrong type: text task answered with only a URL', task: T.thread, proof: { proofText: 'https://x.com/alice/status/1790000000000000001' },
    expect: { approved: false, signals: ['text_only_url'] } },
  { label: 'wrong type: link task without a link', task: T.retweet, proof: { proofText: 'I retweeted the launch announcement from my X account yesterday.' },
    expect: { approved: false, signals: ['wrong_type'] } },
  { label: 'wrong type: image task without an image', task: T.screenshot, proof: { proofText: 'My dashboard shows a wallet balance of 120 CENTS and two submissions.' },
    expect: { approved: false, signals: ['wrong_type'] } },

  // ---- broken / wrong links ----
  { label: 'broken link: no top-level domain', task: T.retweet, proof: { proofLink: 'https://twitterstatus/123' },
    expect: { approved: false, signals: ['broken_link'] } },
  { label: 'broken link: not http(s)', task: T.github, proof: { proofLink: 'htp://github.com/cent/escrow/issues/3' },
    expect: { approved: false, signals: ['broken_link'] } },
  { label: 'broken link: not a URL at all', task: T.retweet, proof: { proofLink: 'my retweet' }, expect: { approved: false, signals: ['broken_link'] } },
  { label: 'placeholder link', task: T.retweet, proof: { proofLink: 'https://example.com/status/1' },
    expect: { approved: false, risk: 'high', signals: ['placeholder_link'] } },
  { label: 'link on a domain the task does not mention', task: T.retweet, proof: { proofLink: 'https://www.facebook.com/alice/posts/987654' },
    expect: { approved: false, risk: 'medium', signals: ['link_wrong_domain'] } },
  { label: "link to a site's home page", task: T.github, proof: { proofLink: 'https://github.com/' },
    expect: { approved: false, signals: ['link_home_page'] } },

  // ---- duplicates and reuse ----
  { label: 'duplicated text from another user', task: T.thread, proof: { proofText: GOOD_THREAD_TEXT },
    evidence: { peers: [peer({ proofText: GOOD_THREAD_TEXT, taskId: 1 })] },
    expect: { approved: false, risk: 'high', signals: ['duplicate_text'], issueMatches: /100% the same as submission #\d+ \(task #1\) by another user/ } },
  { label: 'near-duplicate text (a few words changed) from another user', task: T.thread, proof: { proofText: GOOD_THREAD_TEXT },
    evidence: { peers: [peer({ proofText: GOOD_THREAD_TEXT.replace('6-post', 'six post').replace('alice', 'bob').replace('bounty sites', 'bounty platforms') })] },
    expect: { approved: false, risk: 'high', signals: ['duplicate_text'] } },
  { label: 'same text reused by the same user on another task', task: T.thread, proof: { proofText: GOOD_THREAD_TEXT },
    evidence: { peers: [peer({ proofText: GOOD_THREAD_TEXT, userId: ME, taskId: 55 })] },
    expect: { approved: true, eligible: false, risk: 'medium', signals: ['reused_text'] } },
  { label: 'same link as another user', task: T.retweet, proof: { proofLink: 'https://x.com/alice/status/1790000000000000042?utm_source=app' },
    evidence: { peers: [peer({ proofLink: 'https://x.com/alice/status/1790000000000000042' })] },
    expect: { approved: false, risk: 'high', signals: ['duplicate_link'] } },
  { label: 'same image file as another user', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/b.png', notes: 'My dashboard with wallet balance' },
    evidence: { image: 'shot' as never, peers: [peer({ imageSha256: 'shot-sha' as never, imageDhash: 'shot-dhash' as never })] },
    expect: { approved: false, risk: 'high', signals: ['duplicate_image'] } },
  { label: 'duplicated image, re-encoded as JPEG and resized', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/c.jpg', notes: 'My dashboard with wallet balance' },
    evidence: { image: 'copy' as never, peers: [peer({ imageSha256: 'shot-sha' as never, imageDhash: 'shot-dhash' as never })] },
    expect: { approved: false, risk: 'high', signals: ['similar_image'], issueMatches: /re-encoded or resized copy/ } },

  // ---- image quality ----
  { label: 'unreadable image', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/d.png' }, evidence: { image: 'garbage' as never },
    expect: { approved: false, signals: ['image_unreadable'] } },
  { label: 'missing image file', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/gone.png' }, evidence: { image: null },
    expect: { approved: false, signals: ['image_unreadable'] } },
  { label: 'blank image', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/e.png' }, evidence: { image: 'blank' as never },
    expect: { approved: false, signals: ['image_blank'] } },
  { label: 'tiny image', task: T.screenshot, proof: { proofFileUrl: '/api/uploads/f.png' }, evidence: { image: 'tiny' as never },
    expect: { approved: false, eligible: false, risk: 'medium', signals: ['image_tiny'] } },

  // ---- sybil signs ----
  { label: 'sybil: three wallets linked minutes apart on the same task', task: T.thread, proof: { proofText: GOOD_THREAD_TEXT },
    evidence: { submitterWalletLinkedAt: minutes(0), coSubmitters: [
      { submissionId: 1, userId: 201, walletLinkedAt: minutes(2) }, { submissionId: 2, userId: 202, walletLinkedAt: minutes(5) }] },
    expect: { approved: true, eligible: false, risk: 'high', signals: ['sybil_cluster'] } },
];

/** Fixtures name images by key; peers that stand for "the original screenshot" get its real hashes. */
function evidenceOf(f: Fixture): ValidationEvidence {
  const e = f.evidence ?? {};
  const image = typeof e.image === 'string' ? img[e.image as string] : e.image === undefined ? null : e.image;
  const peers = (e.peers ?? []).map((p) => ({
    ...p,
    imageSha256: p.imageSha256 === 'shot-sha' ? img.shot.sha256! : p.imageSha256 === 'other' ? img.other.sha256! : p.imageSha256,
    imageDhash: p.imageDhash === 'shot-dhash' ? img.shot.dhash! : p.imageDhash === 'other' ? img.other.dhash! : p.imageDhash,
  }));
  return { image, peers, submitterWalletLinkedAt: e.submitterWalletLinkedAt ?? null, coSubmitters: e.coSubmitters ?? [] };
}

function run(f: Fixture) {
  const submission: SubmissionUnderReview = {
    id: 1, taskId: f.task.id, userId: ME, proofLink: null, proofText: null, proofFileUrl: null, notes: null, ...f.proof,
  };
  return scoreSubmission({ task: f.task, submission, evidence: evidenceOf(f) }, DEFAULT_THRESHOLDS);
}

describe('heuristic scorer: labelled fixtures', () => {
  it('has at least 30 labelled submissions', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(FIXTURES.map((f) => [f.label, f] as const))('%s', (_label, f) => {
    const { result, signals } = run(f);
    expect(result.approved).toBe(f.expect.approved);
    if (f.expect.eligible !== undefined) expect(result.autoApprovalEligible).toBe(f.expect.eligible);
    if (!f.expect.approved) expect(result.autoApprovalEligible).toBe(false);
    if (f.expect.risk) expect(result.riskLevel).toBe(f.expect.risk);
    if (f.expect.signals?.length === 0) expect(signals).toEqual([]);
    for (const s of f.expect.signals ?? []) expect(signals).toContain(s);
    if (f.expect.issueMatches) expect(result.issues.join('\n')).toMatch(f.expect.issueMatches);
    // The shape and ranges of spec part 2 §3, and every issue explained.
    expect(Object.keys(result).sort()).toEqual([
      'approved', 'autoApprovalEligible', 'category', 'confidence', 'issues', 'qualityScore', 'reasoning', 'riskLevel',
      'suggestions', 'verificationStatus',
    ]);
    expect(result.confidence).toBeGreaterThanOrEqual(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(Number.isInteger(result.qualityScore) && result.qualityScore >= 0 && result.qualityScore <= 100).toBe(true);
    expect(result.category).toBe(f.task.category);
    expect(result.issues.length).toBe(signals.length);
    if (!result.approved) expect(result.issues.length).toBeGreaterThan(0);
    expect(result.reasoning).toMatch(result.approved ? /^Recommended for approval/ : /^Not recommended for approval/);
    const status = result.autoApprovalEligible ? ['verified'] : result.approved ? ['needs_verification'] : ['failed', 'needs_verification'];
    expect(status).toContain(result.verificationStatus);
  });

  it('is deterministic: the same input gives the same result', () => {
    for (const f of FIXTURES) expect(run(f)).toEqual(run(f));
  });

  it('auto-approval needs the configured confidence: raising the threshold above the score removes eligibility', () => {
    const f = FIXTURES[0];
    const base = run(f).result;
    const strict = scoreSubmission(
      { task: f.task, submission: { id: 1, taskId: 1, userId: ME, proofLink: null, proofText: GOOD_THREAD_TEXT, proofFileUrl: null, notes: null }, evidence: evidenceOf(f) },
      { ...DEFAULT_THRESHOLDS, autoApproveMinConfidence: Math.min(1, base.confidence + 0.01) },
    ).result;
    expect(base.autoApprovalEligible).toBe(true);
    expect(strict.approved).toBe(true);
    expect(strict.autoApprovalEligible).toBe(false);
    expect(strict.verificationStatus).toBe('needs_verification');
  });
});
