/** The read calls an auditor runs against the chain itself, and what they answered (base units as bigint). */
export interface BrowserReads {
  rpcUrl: string;
  head: number;
  escrow: { funder: string; reward: bigint; maxCompletions: bigint; paidCount: bigint; deadline: bigint; refunded: boolean; remaining: bigint };
  remainingOf: bigint;
  logs: Array<{ type: 'TaskFunded' | 'RewardReleased' | 'TaskRefunded'; amount: bigint; txHash: string; blockNumber: number }>;
}

/** TaskEscrow's read functions and events the audit uses, as the contract declares them (contracts/README.md). */
export const ESCROW_READ_ABI = [
  'function getEscrow(bytes32 key) view returns (tuple(address funder, uint128 reward, uint32 maxCompletions, uint32 paidCount, uint64 deadline, bool refunded, uint256 remaining))',
  'function remainingOf(bytes32 key) view returns (uint256)',
  'event TaskFunded(bytes32 indexed key, uint256 indexed taskId, address indexed funder, uint128 reward, uint32 maxCompletions, uint64 deadline, uint256 amount)',
  'event RewardReleased(bytes32 indexed key, uint256 indexed submissionId, address indexed recipient, uint256 amount)',
  'event TaskRefunded(bytes32 indexed key, address indexed funder, uint256 amount)',
] as const;

export const AUDIT_EVENTS = ['TaskFunded', 'RewardReleased', 'TaskRefunded'] as const;

/** How long the browser waits for the public RPC before it says so. */
const RPC_TIMEOUT_MS = 15_000;

/**
 * Runs the audit's read calls from this browser straight to the chain's public RPC (never through the app's
 * API): getEscrow(key), remainingOf(key), and the escrow's TaskFunded / RewardReleased / TaskRefunded logs whose
 * first topic after the event is the key. ethers is loaded here, on demand, not with the page.
 */
export async function readEscrowFromBrowser(rpcUrl: string, escrow: string, key: string, fromBlock: number): Promise<BrowserReads> {
  const { FetchRequest, Interface, JsonRpcProvider } = await import('ethers');
  const iface = new Interface(ESCROW_READ_ABI);
  const request = new FetchRequest(rpcUrl);
  request.timeout = RPC_TIMEOUT_MS;
  const provider = new JsonRpcProvider(request, undefined, { staticNetwork: true, batchMaxCount: 1 });
  try {
    const call = async (fn: 'getEscrow' | 'remainingOf') =>
      iface.decodeFunctionResult(fn, await provider.call({ to: escrow, data: iface.encodeFunctionData(fn, [key]) }));
    const topics = AUDIT_EVENTS.map((e) => iface.getEvent(e)!.topicHash);
    const [head, escrowResult, remaining, logs] = await Promise.all([
      provider.getBlockNumber(),
      call('getEscrow'),
      call('remainingOf'),
      provider.getLogs({ address: escrow, fromBlock, toBlock: 'latest', topics: [topics, key] }),
    ]);
    const e = escrowResult[0];
    return {
      rpcUrl,
      head,
      escrow: {
        funder: String(e.funder), reward: e.reward, maxCompletions: e.maxCompletions, paidCount: e.paidCount, deadline: e.deadline,
        refunded: Boolean(e.refunded), remaining: e.remaining,
      },
      remainingOf: remaining[0] as bigint,
      logs: logs.flatMap((l) => {
        const parsed = iface.parseLog(l);
        return parsed ? [{ type: parsed.name as BrowserReads['logs'][number]['type'], amount: parsed.args.amount as bigint, txHash: l.transactionHash, blockNumber: l.blockNumber }] : [];
      }),
    };
  } finally {
    provider.destroy();
  }
}
