import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { HeuristicValidator } from './heuristic.validator';
import { LlmValidator, parseJudgement } from './llm.validator';
import { FIXTURE_TASKS as T, GOOD_THREAD_TEXT } from './validation-fixtures';
import { DEFAULT_THRESHOLDS, ValidationInput } from './validation.types';

/** A stand-in OpenAI-compatible endpoint on 127.0.0.1: answers what the test queues, records what it got. */
async function fakeLlm() {
  const answers: Array<{ status: number; body: unknown; delayMs?: number }> = [];
  const received: Array<{ headers: http.IncomingHttpHeaders; body: any }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) });
      const a = answers.shift() ?? { status: 500, body: {} };
      setTimeout(() => {
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.body));
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  return { url, answers, received, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

const chat = (judgement: object) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content: JSON.stringify(judgement) } }] } });

const input = (proofText: string): ValidationInput => ({
  task: T.thread,
  submission: { id: 1, taskId: 1, userId: 2, proofText, proofLink: null, proofFileUrl: null, notes: null },
  evidence: { image: null, peers: [], submitterWalletLinkedAt: null, coSubmitters: [] },
});

describe('LLM validator (OpenAI-compatible endpoint on 127.0.0.1)', () => {
  let llm: Awaited<ReturnType<typeof fakeLlm>>;
  beforeAll(async () => {
    llm = await fakeLlm();
  });
  afterAll(() => llm.close());
  const validator = (timeoutMs = 2000) =>
    new LlmValidator(new HeuristicValidator(DEFAULT_THRESHOLDS), { url: llm.url, model: 'test-model', apiKey: 'sk-test', timeoutMs }, DEFAULT_THRESHOLDS);

  it('adds its judgement when it agrees, sending the task, the proof and the automated findings', async () => {
    llm.answers.push(chat({ approved: true, confidence: 0.9, qualityScore: 90, reasoning: 'Covers all points.', issues: [], suggestions: [] }));
    const out = await validator().validate(input(GOOD_THREAD_TEXT));
    expect(out.validator).toBe('heuristic+llm:test-model');
    expect(out.result).toMatchObject({ approved: true, riskLevel: 'low', autoApprovalEligible: true, verificationStatus: 'verified' });
    expect(out.result.reasoning).toMatch(/AI review \(test-model\): Covers all points\.$/);
    const req = llm.received.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer sk-test');
    expect(req.body).toMatchObject({ model: 'test-model', temperature: 0 });
    expect(JSON.parse(req.body.messages[1].content)).toMatchObject({ task: { title: T.thread.title }, proof: { text: GOOD_THREAD_TEXT } });
  });

  it('can veto an approval (a person decides) but never clear a finding of the deterministic checks', async () => {
    llm.answers.push(chat({ approved: false, confidence: 0.8, qualityScore: 30, reasoning: 'Looks generated.', issues: ['Generic wording'] }));
    const veto = await validator().validate(input(GOOD_THREAD_TEXT));
    expect(veto.result).toMatchObject({ approved: false, autoApprovalEligible: false, riskLevel: 'medium', verificationStatus: 'needs_verification' });
    expect(veto.result.issues).toContain('AI review: Generic wording');
    expect(veto.signals).toContain('llm_disagrees');

    llm.answers.push(chat({ approved: true, confidence: 0.99, qualityScore: 100, reasoning: 'Fine.' }));
    const done = await validator().validate(input('Done!'));
    expect(done.result.approved).toBe(false);
    expect(done.signals).toContain('boilerplate');
  });

  it('falls back to the deterministic result when the endpoint fails, times out or answers nonsense', async () => {
    const plain = await new HeuristicValidator(DEFAULT_THRESHOLDS).validate(input(GOOD_THREAD_TEXT));
    llm.answers.push({ status: 503, body: { error: 'overloaded' } });
    llm.answers.push(chat({ verdict: 'yes' }));
    llm.answers.push({ ...chat({ approved: true }), delayMs: 500 });
    for (const [timeout, reason] of [[2000, 'HTTP 503'], [2000, 'answer has no boolean "approved"'], [100, 'no answer within 100 ms']] as const) {
      const out = await validator(timeout).validate(input(GOOD_THREAD_TEXT));
      expect(out.validator).toBe('heuristic+llm-unavailable');
      expect({ ...out.result, reasoning: '' }).toEqual({ ...plain.result, reasoning: '' });
      expect(out.result.reasoning).toContain(`AI reviewer unavailable: ${reason}`);
    }
  });

  it('parses fenced JSON and clamps out-of-range numbers', () => {
    expect(parseJudgement('```json\n{"approved": true, "confidence": 7, "qualityScore": -3}\n```'))
      .toEqual({ approved: true, confidence: 1, qualityScore: 0, reasoning: '', issues: [], suggestions: [] });
    expect(() => parseJudgement('I think it is fine')).toThrow('answer is not JSON');
  });
});
