import { Logger } from '@nestjs/common';
import {
  RiskLevel, SubmissionValidator, ValidationInput, ValidationOutcome, ValidationResult, ValidationThresholds,
} from './validation.types';

export interface LlmSettings {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

interface LlmJudgement {
  approved: boolean;
  confidence: number;
  qualityScore: number;
  reasoning: string;
  issues: string[];
  suggestions: string[];
}

const SYSTEM_PROMPT = `You review proof submitted for a paid micro-task. Judge only from the task and the proof given.
Answer with one JSON object: {"approved": boolean, "confidence": number 0-1, "qualityScore": integer 0-100,
"reasoning": string (two sentences at most), "issues": string[], "suggestions": string[]}.
Approve only if the proof plausibly shows the task's requirements were met. Automated checks already ran; their findings are included.`;

const RISK_ORDER: RiskLevel[] = ['low', 'medium', 'high'];

/**
 * Adds an OpenAI-compatible model's judgement to the deterministic scorer's. The model can only make the
 * verdict more cautious: it can veto an approval and raise the risk, never clear a blocking finding
 * (duplicates, empty proof, ...) which the scorer established from data the model does not see. If the
 * endpoint fails, times out or answers nonsense, the deterministic result stands and says so.
 */
export class LlmValidator implements SubmissionValidator {
  private readonly logger = new Logger(LlmValidator.name);

  constructor(
    private readonly base: SubmissionValidator,
    private readonly settings: LlmSettings,
    private readonly thresholds: ValidationThresholds,
  ) {}

  async validate(input: ValidationInput): Promise<ValidationOutcome> {
    const det = await this.base.validate(input);
    let llm: LlmJudgement;
    try {
      llm = await this.ask(input, det.result);
    } catch (err) {
      const e = err as Error;
      const reason = e.name === 'TimeoutError' ? `no answer within ${this.settings.timeoutMs} ms` : e.message;
      this.logger.warn(`LLM validation unavailable: ${reason}`);
      return {
        ...det,
        result: { ...det.result, reasoning: `${det.result.reasoning} (AI reviewer unavailable: ${reason}; deterministic checks only.)` },
        validator: `${det.validator}+llm-unavailable`,
      };
    }
    return this.merge(det, llm);
  }

  private async ask(input: ValidationInput, det: ValidationResult): Promise<LlmJudgement> {
    const { task, submission: s } = input;
    const user = JSON.stringify({
      task: { title: task.title, description: task.description, requirements: task.requirements, category: task.category, submissionType: task.submissionType },
      proof: { link: s.proofLink, text: s.proofText?.slice(0, 4000) ?? null, hasImage: !!s.proofFileUrl, notes: s.notes?.slice(0, 1000) ?? null },
      automatedChecks: { issues: det.issues, qualityScore: det.qualityScore, riskLevel: det.riskLevel },
    });
    const res = await fetch(this.settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.settings.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [{ role: 'system', content: SYSTEM_PROMPT }, { role: 'user', content: user }],
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const content = body.choices?.[0]?.message?.content;
    if (!content) throw new Error('empty answer');
    return parseJudgement(content);
  }

  private merge(det: ValidationOutcome, llm: LlmJudgement): ValidationOutcome {
    const d = det.result;
    const agree = d.approved === llm.approved;
    const approved = d.approved && llm.approved;
    const confidence = agree ? round2((d.confidence + llm.confidence) / 2) : 0.5;
    const riskLevel = agree ? d.riskLevel : maxRisk(d.riskLevel, 'medium');
    const autoApprovalEligible = approved && riskLevel === 'low' && confidence >= this.thresholds.autoApproveMinConfidence;
    const result: ValidationResult = {
      approved,
      confidence,
      qualityScore: Math.round((d.qualityScore + llm.qualityScore) / 2),
      riskLevel,
      category: d.category,
      verificationStatus: autoApprovalEligible ? 'verified' : approved ? 'needs_verification' : agree ? 'failed' : 'needs_verification',
      reasoning: `${d.reasoning} AI review (${this.settings.model}): ${llm.reasoning}` +
        (agree ? '' : ' The automated checks and the AI review disagree: a person should decide.'),
      issues: [...d.issues, ...llm.issues.map((i) => `AI review: ${i}`)],
      suggestions: [...new Set([...d.suggestions, ...llm.suggestions])],
      autoApprovalEligible,
    };
    return {
      result,
      signals: [...det.signals, ...(agree ? [] : ['llm_disagrees'])],
      evidence: det.evidence,
      validator: `${det.validator}+llm:${this.settings.model}`,
    };
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const maxRisk = (a: RiskLevel, b: RiskLevel) => RISK_ORDER[Math.max(RISK_ORDER.indexOf(a), RISK_ORDER.indexOf(b))];
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, 10) : []);

/** Accepts the model's JSON (also inside a ```json fence); refuses anything without a boolean verdict. */
export function parseJudgement(content: string): LlmJudgement {
  const json = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/```\s*$/, '');
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json);
  } catch {
    throw new Error('answer is not JSON');
  }
  if (typeof o.approved !== 'boolean') throw new Error('answer has no boolean "approved"');
  const num = (v: unknown, lo: number, hi: number, dflt: number) =>
    typeof v === 'number' && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : dflt;
  return {
    approved: o.approved,
    confidence: num(o.confidence, 0, 1, 0.5),
    qualityScore: Math.round(num(o.qualityScore, 0, 100, 50)),
    reasoning: typeof o.reasoning === 'string' ? o.reasoning.slice(0, 1000) : '',
    issues: strings(o.issues),
    suggestions: strings(o.suggestions),
  };
}
