import { hammingDistance } from './image-fingerprint';
import { checkLink, mentionedDomains, normalizeLink, onDomain } from './link-signals';
import { isBoilerplate, isOnlyUrl, jaccard, keywordCoverage, shingles, words } from './text-signals';
import {
  RiskLevel,
  SignalEvidence,
  ValidationInput,
  ValidationOutcome,
  ValidationResult,
  ValidationThresholds,
  VerificationStatus,
} from './validation.types';

/**
 * One thing the scorer noticed. `weight` moves the approval estimate (starting at 0.5) up or down;
 * `blocking` findings rule out a recommendation to approve whatever else is true; `issue`/`suggestion`
 * are what the reviewer reads; `note` is a positive point for the reasoning.
 */
interface Finding {
  code: string;
  weight: number;
  risk?: Exclude<RiskLevel, 'low'>;
  blocking?: boolean;
  issue?: string;
  suggestion?: string;
  note?: string;
  /** What the finding measured and the submissions it is about (the reviewer's evidence). */
  evidence?: Omit<SignalEvidence, 'code'>;
}

const present = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim().length > 0;
const pct = (x: number) => `${Math.round(x * 100)}%`;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const list = (xs: string[], n = 5) => xs.slice(0, n).join(', ');
const TYPE_WORDS = { link: 'a link', text: 'a written answer', file: 'an image', mixed: 'proof' } as const;

/**
 * The deterministic validator: the same input always gives the same verdict, and every point of the
 * verdict can be traced to a finding the reviewer can read. No network, no randomness, no clock.
 */
export function scoreSubmission(input: ValidationInput, t: ValidationThresholds): ValidationOutcome {
  const { task, submission: s, evidence } = input;
  const findings: Finding[] = [];
  const add = (f: Finding) => findings.push(f);
  const text = (s.proofText ?? '').trim();
  const notes = (s.notes ?? '').trim();
  const hasLink = present(s.proofLink);
  const hasText = text.length > 0;
  const hasFile = present(s.proofFileUrl);
  const taskText = `${task.title}\n${task.description}\n${task.requirements}`;

  // ---- the proof matches the task's submission type ------------------------------------------------
  if (!hasLink && !hasText && !hasFile) {
    add({ code: 'empty', weight: -0.6, risk: 'medium', blocking: true, issue: 'The submission contains no proof at all',
      suggestion: 'Reject it and ask for proof of the completed task' });
  } else {
    const missing =
      (task.submissionType === 'link' && !hasLink) || (task.submissionType === 'text' && !hasText) ||
      (task.submissionType === 'file' && !hasFile);
    if (missing) {
      add({ code: 'wrong_type', weight: -0.5, risk: 'medium', blocking: true,
        issue: `The task asks for ${TYPE_WORDS[task.submissionType]}, but none was submitted`,
        suggestion: `Ask the submitter for ${TYPE_WORDS[task.submissionType]} as the task requires` });
    } else if (task.submissionType === 'text' && isOnlyUrl(text)) {
      add({ code: 'text_only_url', weight: -0.3, risk: 'medium',
        issue: 'The text proof is only a link; the task asks for a written answer',
        suggestion: 'Ask the submitter to describe the completed work in their own words' });
    } else {
      add({ code: 'type_match', weight: 0.1, note: `proof of the requested type (${task.submissionType})` });
    }
  }

  // ---- text: substance, boilerplate, relevance -----------------------------------------------------
  const textIsPrimary = task.submissionType === 'text' || task.submissionType === 'mixed';
  if (hasText && isBoilerplate(text)) {
    add({ code: 'boilerplate', weight: -0.45, risk: 'medium', blocking: true,
      issue: `The text is boilerplate ("${text.slice(0, 40)}") and shows no actual work`,
      suggestion: 'Reject it or ask for a description of what was actually done' });
  } else if (hasText && !isOnlyUrl(text)) {
    if (text.length < 20) {
      add({ code: 'too_short', weight: textIsPrimary ? -0.3 : -0.1, risk: textIsPrimary ? 'medium' : undefined,
        issue: `The text is very short (${text.length} characters)`, suggestion: 'Ask for more detail on what was done' });
    } else if (text.length < 80 && textIsPrimary) {
      add({ code: 'short', weight: -0.1, issue: `The text is short (${text.length} characters)`,
        suggestion: 'Check that it really covers every requirement' });
    } else if (text.length >= 200) {
      add({ code: 'detailed', weight: 0.1, note: `a detailed text of ${text.length} characters` });
    } else {
      add({ code: 'adequate_length', weight: 0.05, note: `a text of ${text.length} characters` });
    }
  }

  // The proof's own words (text, notes and the link's path) against the task's key terms.
  const linkWords = hasLink ? words(safePath(s.proofLink as string)).join(' ') : '';
  const proofWords = `${text}\n${notes}\n${linkWords}`;
  const cov = keywordCoverage(task, proofWords);
  const assessable = words(`${text} ${notes}`).length >= 4 && cov.keyTerms >= 3 && !isBoilerplate(text || notes);
  let coverageKnown = false;
  if (assessable) {
    coverageKnown = true;
    const copied = hasText && jaccard(shingles(text), shingles(`${task.description} ${task.requirements}`)) >= 0.5;
    if (copied) {
      add({ code: 'copies_task', weight: -0.4, risk: 'medium',
        issue: "The text mostly repeats the task's own description and requirements",
        suggestion: 'Ask for proof of the work itself rather than a copy of the task' });
    } else if (cov.score >= 0.3) {
      add({ code: 'on_topic', weight: 0.2,
        note: `it covers ${pct(cov.score)} of the task's key terms (${list(cov.matched)})` });
    } else if (cov.score >= 0.12) {
      add({ code: 'partial_coverage', weight: -0.05,
        issue: `The proof addresses only part of the task (${pct(cov.score)} of its key terms)`,
        suggestion: `Check that it covers: ${list(cov.missing)}` });
    } else {
      add({ code: 'off_topic', weight: -0.4, risk: 'medium',
        issue: `The proof does not appear to address the task (${pct(cov.score)} of its key terms; missing: ${list(cov.missing)})`,
        suggestion: 'Compare the proof with the requirements; it may belong to another task' });
    }
  }

  // ---- link ------------------------------------------------------------------------------------------
  let linkUnverified = false;
  if (hasLink) {
    const link = checkLink(s.proofLink as string);
    const domains = mentionedDomains(taskText);
    const taskLinks = new Set((taskText.match(/https?:\/\/\S+/gi) ?? []).map((l) => normalizeLink(l)));
    const linkIsPrimary = task.submissionType === 'link' || (task.submissionType === 'mixed' && !hasText && !hasFile);
    if (link.problems.includes('malformed') || link.problems.includes('not_http') || link.problems.includes('no_tld')) {
      add({ code: 'broken_link', weight: -0.45, risk: 'medium', blocking: linkIsPrimary,
        issue: `The link is not a valid web address ("${(s.proofLink as string).slice(0, 60)}")`,
        suggestion: 'Ask for a working http(s) link to the completed work' });
    } else if (link.problems.includes('placeholder')) {
      add({ code: 'placeholder_link', weight: -0.45, risk: 'high', blocking: true,
        issue: `The link points to a placeholder or local address (${link.host}), not to real work`,
        suggestion: 'Reject it: nobody can open this link' });
    } else {
      if (taskLinks.has(normalizeLink(s.proofLink))) {
        add({ code: 'link_is_task_link', weight: -0.3, risk: 'medium',
          issue: "The link is the task's own link, not proof of the submitter's work",
          suggestion: "Ask for a link to the submitter's own post or page" });
      }
      if (domains.length && link.host && !domains.some((d) => onDomain(link.host as string, d))) {
        add({ code: 'link_wrong_domain', weight: -0.3, risk: 'medium',
          issue: `The link is on ${link.host}, but the task mentions ${list(domains)}`,
          suggestion: `Check that the work was done where the task asks (${list(domains)})` });
      } else if (domains.length) {
        add({ code: 'link_on_domain', weight: 0.1, note: `the link is on ${link.host}, where the task asks` });
      } else {
        add({ code: 'link_well_formed', weight: 0.05, note: `a well-formed link on ${link.host}` });
      }
      if (link.problems.includes('home_page')) {
        add({ code: 'link_home_page', weight: linkIsPrimary ? -0.35 : -0.15, risk: linkIsPrimary ? 'medium' : undefined,
          issue: `The link points to the home page of ${link.host}, not to a specific post or page`,
          suggestion: 'Ask for the direct link to the completed work' });
      }
      linkUnverified = true;
    }
  }

  // ---- image -----------------------------------------------------------------------------------------
  let imageUnverified = false;
  let imageBlank = false;
  if (hasFile) {
    const img = evidence.image;
    const fileIsPrimary = task.submissionType === 'file';
    if (!img || !img.readable) {
      add({ code: 'image_unreadable', weight: -0.4, risk: 'medium', blocking: fileIsPrimary,
        issue: `The image could not be opened${img?.error ? `: ${img.error}` : ''}`,
        suggestion: 'Ask the submitter to upload the image again' });
    } else if ((img.stdev ?? 0) < 4) {
      imageBlank = true;
      add({ code: 'image_blank', weight: -0.45, risk: 'medium', blocking: fileIsPrimary,
        issue: 'The image is blank (a single flat colour): it shows nothing',
        suggestion: 'Ask for a real screenshot of the completed work' });
    } else if ((img.width ?? 0) < 100 || (img.height ?? 0) < 100) {
      add({ code: 'image_tiny', weight: -0.25, risk: 'medium',
        issue: `The image is tiny (${img.width}×${img.height} px); nothing can be read from it`,
        suggestion: 'Ask for a full-size screenshot' });
    } else {
      add({ code: 'image_ok', weight: 0.05, note: `a readable ${img.width}×${img.height} image` });
      imageUnverified = true;
    }
  }

  // ---- duplicates and reuse ----------------------------------------------------------------------------
  const peers = evidence.peers.filter((p) => p.submissionId !== s.id);
  const describe = (p: { submissionId: number; taskId: number }) => `submission #${p.submissionId} (task #${p.taskId})`;
  const about = (score: number | null, ...ps: Array<{ submissionId: number; taskId: number }>) =>
    ({ score: score === null ? null : Math.round(score * 1000) / 1000, related: ps.map((p) => ({ submissionId: p.submissionId, taskId: p.taskId })) });
  let duplicate = false;
  if (hasText && words(text).length >= 5 && !isBoilerplate(text)) {
    const mine = shingles(text);
    const best = peers
      .filter((p) => present(p.proofText))
      .map((p) => ({ p, j: jaccard(mine, shingles(p.proofText)) }))
      .filter((x) => x.j >= t.nearDuplicateJaccard)
      .sort((a, b) => b.j - a.j || a.p.submissionId - b.p.submissionId);
    const other = best.find((x) => x.p.userId !== s.userId);
    const own = best.find((x) => x.p.userId === s.userId && x.p.taskId !== s.taskId);
    if (other) {
      duplicate = true;
      add({ code: 'duplicate_text', weight: -0.5, risk: 'high', blocking: true,
        issue: `The text is ${pct(other.j)} the same as ${describe(other.p)} by another user`,
        suggestion: 'Compare the two submissions: copied proof is a sign of plagiarism or of one person using several accounts',
        evidence: about(other.j, other.p) });
    } else if (own) {
      add({ code: 'reused_text', weight: -0.2, risk: 'medium',
        issue: `The same text was already submitted by this user for task #${own.p.taskId}`,
        suggestion: 'Check that the proof is specific to this task', evidence: about(own.j, own.p) });
    }
  }
  if (hasLink && checkLink(s.proofLink as string).url) {
    const mine = normalizeLink(s.proofLink);
    const same = peers.filter((p) => normalizeLink(p.proofLink) === mine).sort((a, b) => a.submissionId - b.submissionId);
    const other = same.find((p) => p.userId !== s.userId);
    const own = same.find((p) => p.userId === s.userId && p.taskId !== s.taskId);
    const taskLink = (taskText.match(/https?:\/\/\S+/gi) ?? []).some((l) => normalizeLink(l) === mine);
    if (other && !taskLink) {
      duplicate = true;
      add({ code: 'duplicate_link', weight: -0.5, risk: 'high', blocking: true,
        issue: `The same link was submitted in ${describe(other)} by another user`,
        suggestion: 'Only one person can own this proof: find out whose work it is', evidence: about(1, other) });
    } else if (own && !taskLink) {
      add({ code: 'reused_link', weight: -0.2, risk: 'medium',
        issue: `This user already submitted the same link for task #${own.taskId}`,
        suggestion: 'Check that the link proves this task, not the earlier one', evidence: about(1, own) });
    }
  }
  if (hasFile && evidence.image?.readable && !imageBlank) {
    const img = evidence.image;
    const exact = peers.filter((p) => p.imageSha256 && p.imageSha256 === img.sha256).sort((a, b) => a.submissionId - b.submissionId);
    const similar = peers
      .filter((p) => p.imageDhash && img.dhash && p.imageSha256 !== img.sha256)
      .map((p) => ({ p, d: hammingDistance(p.imageDhash as string, img.dhash as string) }))
      .filter((x) => x.d <= t.imageDhashMaxDistance)
      .sort((a, b) => a.d - b.d || a.p.submissionId - b.p.submissionId);
    const exactOther = exact.find((p) => p.userId !== s.userId);
    const similarOther = similar.find((x) => x.p.userId !== s.userId);
    const ownReuse = exact.find((p) => p.userId === s.userId && p.taskId !== s.taskId)
      ?? similar.find((x) => x.p.userId === s.userId && x.p.taskId !== s.taskId)?.p;
    if (exactOther) {
      duplicate = true;
      add({ code: 'duplicate_image', weight: -0.5, risk: 'high', blocking: true,
        issue: `The image is the very same file as in ${describe(exactOther)} by another user`,
        suggestion: 'Compare the two images: a copied screenshot proves nothing', evidence: about(1, exactOther) });
    } else if (similarOther) {
      duplicate = true;
      add({ code: 'similar_image', weight: -0.5, risk: 'high', blocking: true,
        issue: `The image is a re-encoded or resized copy of the image in ${describe(similarOther.p)} by another user ` +
          `(${64 - similarOther.d}/64 matching hash bits)`,
        suggestion: 'Compare the two images: a copied screenshot proves nothing', evidence: about((64 - similarOther.d) / 64, similarOther.p) });
    } else if (ownReuse) {
      add({ code: 'reused_image', weight: -0.2, risk: 'medium',
        issue: `This user already submitted the same image for task #${ownReuse.taskId}`,
        suggestion: 'Check that the image shows this task, not the earlier one', evidence: about(null, ownReuse) });
    }
  }
  if (!duplicate && (hasText || hasLink || hasFile)) add({ code: 'original', weight: 0.05, note: 'no copy of another submission was found' });

  // ---- sybil signs: wallets linked minutes apart, all submitting to the same task -------------------------
  const mine = evidence.submitterWalletLinkedAt;
  if (mine) {
    const windowMs = t.sybilWindowMinutes * 60_000;
    const close = evidence.coSubmitters
      .filter((c) => c.userId !== s.userId && c.walletLinkedAt && Math.abs(c.walletLinkedAt.getTime() - mine.getTime()) <= windowMs)
      .sort((a, b) => a.submissionId - b.submissionId);
    if (close.length + 1 >= t.sybilMinCluster) {
      add({ code: 'sybil_cluster', weight: -0.3, risk: 'high',
        issue: `${close.length + 1} submissions on this task come from wallets linked within ${t.sybilWindowMinutes} minutes ` +
          `of each other (with ${close.slice(0, 5).map((c) => `#${c.submissionId}`).join(', ')})`,
        suggestion: 'Check whether these accounts belong to one person before approving any of them',
        evidence: about(null, ...close.map((c) => ({ submissionId: c.submissionId, taskId: s.taskId }))) });
    }
  }

  return { result: verdict(input, findings, { coverageKnown, coverage: cov.score, linkUnverified, imageUnverified }, t),
    signals: findings.filter((f) => f.issue).map((f) => f.code),
    evidence: findings.filter((f) => f.issue && f.evidence).map((f) => ({ code: f.code, ...f.evidence! })), validator: 'heuristic' };
}

function safePath(link: string): string {
  try {
    return decodeURIComponent(new URL(link).pathname.replace(/[-_/.]+/g, ' '));
  } catch {
    return '';
  }
}

interface Context {
  coverageKnown: boolean;
  coverage: number;
  linkUnverified: boolean;
  imageUnverified: boolean;
}

/** Findings -> the spec's result. */
function verdict(input: ValidationInput, findings: Finding[], c: Context, t: ValidationThresholds): ValidationResult {
  const { task, submission: s } = input;
  const blocking = findings.some((f) => f.blocking);
  const p = clamp(0.5 + findings.reduce((sum, f) => sum + f.weight, 0), 0.01, 0.99);

  // Quality: substance (how much proof), relevance (how much of the task it covers), integrity (original, readable).
  const textLen = (s.proofText ?? '').trim().length;
  const has = (code: string) => findings.some((f) => f.code === code);
  const substance =
    task.submissionType === 'link' ? (has('link_on_domain') || has('link_well_formed') ? 0.8 : 0.2) + Math.min(0.2, textLen / 1000)
      : task.submissionType === 'file' ? (has('image_ok') ? 0.8 : 0.1) + Math.min(0.2, textLen / 1000)
        : Math.min(1, textLen / 300);
  const relevance = c.coverageKnown ? Math.min(1, c.coverage / 0.5) : 0.6;
  const penalties = findings.filter((f) => f.weight < 0).reduce((sum, f) => sum - f.weight, 0);
  const integrity = clamp(1 - penalties, 0, 1);
  let quality = Math.round(100 * (0.4 * Math.min(1, substance) + 0.4 * relevance + 0.2 * integrity));
  if (blocking) quality = Math.min(quality, 25);

  const approved = !blocking && p >= 0.5 && quality >= t.approveMinQuality;
  let confidence = approved ? p : Math.max(1 - p, 0.5);
  // The validator cannot open links or read what an image shows: without text to judge, it stays unsure.
  const unverifiable = approved && !c.coverageKnown && (c.linkUnverified || c.imageUnverified);
  if (unverifiable) confidence = Math.min(confidence, 0.75);
  confidence = Math.round(confidence * 100) / 100;

  const risks = findings.map((f) => f.risk);
  const riskLevel: RiskLevel = risks.includes('high') ? 'high' : risks.includes('medium') ? 'medium' : 'low';
  const autoApprovalEligible = approved && riskLevel === 'low' && confidence >= t.autoApproveMinConfidence;
  const verificationStatus: VerificationStatus = autoApprovalEligible ? 'verified'
    : !approved && (blocking || confidence >= 0.7) ? 'failed' : 'needs_verification';

  const issues = findings.filter((f) => f.issue).map((f) => f.issue as string);
  const suggestions = [...new Set(findings.filter((f) => f.suggestion).map((f) => f.suggestion as string))];
  if (unverifiable) {
    suggestions.push(c.linkUnverified
      ? 'Open the link to confirm it shows the completed work: the validator does not visit links'
      : 'Look at the image to confirm it shows the completed work: the validator checks that it is a real, unique picture, not what it shows');
  } else if (approved && !autoApprovalEligible) {
    suggestions.push('Review the points above before approving');
  }

  const notes = findings.filter((f) => f.note).map((f) => f.note as string);
  const head = approved
    ? `Recommended for approval (confidence ${pct(confidence)}, quality ${quality}/100).`
    : `Not recommended for approval (confidence ${pct(confidence)}, quality ${quality}/100).`;
  const good = notes.length ? ` In favour: ${notes.join('; ')}.` : '';
  const bad = issues.length ? ` Against: ${issues.join('; ')}.` : '';
  const risk = riskLevel === 'low' ? '' : ` Risk is ${riskLevel}.`;
  return {
    approved,
    confidence,
    qualityScore: quality,
    riskLevel,
    category: task.category,
    verificationStatus,
    reasoning: `${head}${good}${bad}${risk}`,
    issues,
    suggestions,
    autoApprovalEligible,
  };
}
