import { describe, expect, it } from 'vitest';
import type { Task } from '@/types/api';
import { fundingTerms } from './funding-terms';

const base = {
  id: 7, title: 'T', description: 'D', requirements: 'R', category: 'Content', creatorId: 1, reward: 50,
  maxCompletions: 5, completions: 0, totalSubmissions: 0, estimatedTime: 30, deadline: '2027-01-01T00:00:00.000Z',
  submissionType: 'text', isActive: true, contractAddress: null, createdAt: '2026-11-23T00:00:00.000Z',
} satisfies Task;
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ESCROW = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

describe('fundingTerms: the one reader of a task funding terms', () => {
  it('takes the agreed funding object as it is', () => {
    const funding = {
      status: 'awaiting_funding' as const, chainId: 31337, tokenAddress: TOKEN, escrowAddress: ESCROW, funder: WALLET, method: 'fund' as const,
      args: { taskId: '7', reward: '50000000000000000000', maxCompletions: '5', deadline: '1798761600' },
      amount: '250000000000000000000', escrowKey: '0xabc', anomalies: [{ kind: 'wrong_terms', reason: 'Funded with other terms' }],
    };
    expect(fundingTerms({ ...base, funding }, null)).toEqual({
      status: 'awaiting_funding', chainId: 31337, tokenAddress: TOKEN, escrowAddress: ESCROW, funder: WALLET,
      args: funding.args, amount: funding.amount, anomalies: funding.anomalies,
    });
  });

  it('derives the same arguments from the older flat fields (reward in base units, deadline in seconds)', () => {
    const t = { ...base, fundingStatus: 'funding_anomaly' as const, chainTaskId: '7', escrowAmount: '250000000000000000000', chainId: 31337, tokenAddress: TOKEN, escrowAddress: ESCROW };
    expect(fundingTerms(t, WALLET)).toEqual({
      status: 'anomaly', chainId: 31337, tokenAddress: TOKEN, escrowAddress: ESCROW, funder: WALLET,
      args: { taskId: '7', reward: '50000000000000000000', maxCompletions: '5', deadline: '1798761600' },
      amount: '250000000000000000000', anomalies: [],
    });
  });

  it('is null when the deployment has no token or escrow', () => {
    expect(fundingTerms({ ...base, chainTaskId: '7', escrowAmount: '1', chainId: 31337, tokenAddress: null, escrowAddress: ESCROW }, null)).toBeNull();
  });
});
