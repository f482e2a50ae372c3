import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { NonceManager, Wallet, getAddress, parseUnits, zeroPadValue } from 'ethers';
import { CentToken__factory, DEV_ACCOUNTS, DEV_DEPLOYER, DEV_RELEASER, Deployment, TaskEscrow__factory, deployContracts } from '@cent/contracts';
import { startTestApp } from '@cent/backend/testing';
import { Anvil, freePort, startAnvil } from './support/anvil';
import { eventually } from './support/stack';

const CENT = 10n ** 18n;
type Api = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The built-in explorer (GET /api/explorer/...) against a real anvil, the deployment record `npm start` writes
 * (DATA_DIR/deployments) and the real HTTP app on PostgreSQL.
 */
describe('GET /api/explorer', () => {
  let anvil: Anvil;
  let deployment: Deployment;
  let api: Api;
  let dataDir: string;
  const creator = new NonceManager(new Wallet(DEV_ACCOUNTS[2].privateKey));
  const earner = DEV_ACCOUNTS[3].address;
  const others: Api[] = [];

  beforeAll(async () => {
    anvil = await startAnvil();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-explorer-'));
    deployment = await deployContracts({
      rpcUrl: anvil.url,
      deployerPrivateKey: DEV_DEPLOYER.privateKey,
      releaserAddress: DEV_RELEASER.address,
      reviewWindowSeconds: 60,
      demoMintTo: [DEV_ACCOUNTS[2].address],
      demoMintAmount: parseUnits('1000', 18),
      deploymentsDir: path.join(dataDir, 'deployments'),
    });
    api = await startTestApp(envOf());
  });

  afterAll(async () => {
    for (const a of [api, ...others]) await a?.close();
    await anvil?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function envOf(extra: Record<string, string> = {}): Record<string, string> {
    return {
      RPC_URL: anvil.url,
      CHAIN_ID: '31337',
      DATA_DIR: dataDir,
      TOKEN_ADDRESS: deployment.token,
      ESCROW_ADDRESS: deployment.escrow,
      ESCROW_DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
      REVIEW_WINDOW_SECONDS: '60',
      REVIEW_CLOSE_MARGIN_SECONDS: '10',
      RATE_LIMIT_EXPLORER: '100000',
      // Small windows, so a test crosses several with a few dozen blocks (anvil mines ~60 blocks a second).
      EXPLORER_LOG_WINDOW_BLOCKS: '20',
      ...extra,
    };
  }

  const get = (p: string) => request(api.http).get(`/api/explorer${p}`);
  const signer = () => creator.connect(anvil.provider) as NonceManager;
  const token = () => CentToken__factory.connect(deployment.token, signer());
  const escrow = () => TaskEscrow__factory.connect(deployment.escrow, signer());
  const deadline = async () => BigInt((await anvil.provider.getBlock('latest'))!.timestamp + 3600);

  it('is the default explorer of the app: GET /api/config links to <PUBLIC_ORIGIN>/explorer', async () => {
    const config = await request(api.http).get('/api/config').expect(200);
    expect(config.body.explorerUrl).toBe('http://localhost:3000/explorer');
    expect(config.body.escrowDeploymentBlock).toBe(deployment.deploymentBlock);
    const latest = await get('/latest').expect(200);
    expect(latest.body).toMatchObject({ chainId: 31337, token: getAddress(deployment.token), escrow: getAddress(deployment.escrow) });
    expect(latest.body.blocks[0].number).toBe(latest.body.head);
    expect(latest.body.blocks.length).toBe(Math.min(10, latest.body.head + 1));
  });

  it('decodes a funding: the fund call with its terms, the CENT Transfer and TaskFunded events', async () => {
    const approve = await (await token().approve(deployment.escrow, 6n * CENT)).wait();
    const end = await deadline();
    const receipt = (await (await escrow().fund(42, 3n * CENT, 2, end)).wait())!;
    const res = await get(`/tx/${receipt.hash}`).expect(200);
    expect(res.body).toMatchObject({
      hash: receipt.hash, status: 'success', blockNumber: receipt.blockNumber, confirmations: 1, from: DEV_ACCOUNTS[2].address,
      to: getAddress(deployment.escrow), toContract: 'TaskEscrow', value: '0',
      call: {
        contract: 'TaskEscrow', name: 'fund', signature: 'fund(uint256,uint128,uint32,uint64)',
        args: [
          { name: 'taskId', type: 'uint256', value: '42' },
          { name: 'reward', type: 'uint128', value: (3n * CENT).toString(), unit: 'CENT' },
          { name: 'maxCompletions', type: 'uint32', value: '2' },
          { name: 'deadline', type: 'uint64', value: end.toString() },
        ],
      },
    });
    expect(res.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.logs.map((l: any) => `${l.contract}.${l.event?.name}`)).toEqual(['TaskEscrow.TaskFunded', 'CentToken.Transfer']);
    const transfer = res.body.logs[1].event.args.map((a: any) => a.value);
    expect(transfer).toEqual([DEV_ACCOUNTS[2].address, getAddress(deployment.escrow), (6n * CENT).toString()]);
    const funded = Object.fromEntries(res.body.logs[0].event.args.map((a: any) => [a.name, a.value]));
    expect(funded).toMatchObject({ taskId: '42', funder: DEV_ACCOUNTS[2].address, amount: (6n * CENT).toString() });

    // The approve before it: a CENT call.
    const a = await get(`/tx/${approve!.hash}`).expect(200);
    expect(a.body.call).toMatchObject({ contract: 'CentToken', name: 'approve' });
    expect(a.body.confirmations).toBe(2);

    // Its block lists it with the decoded method.
    const block = await get(`/block/${receipt.blockNumber}`).expect(200);
    expect(block.body).toMatchObject({ number: receipt.blockNumber, hash: receipt.blockHash, transactionCount: 1 });
    expect(block.body.transactions).toEqual([
      { hash: receipt.hash, from: DEV_ACCOUNTS[2].address, to: getAddress(deployment.escrow), toContract: 'TaskEscrow', method: 'fund', value: '0' },
    ]);
  });

  it('shows a transaction still in the mempool as pending, and a reverted one as reverted', async () => {
    await anvil.rpc('evm_setAutomine', [false]);
    let hash: string;
    try {
      hash = (await token().transfer(earner, 1n)).hash;
      const pending = await get(`/tx/${hash}`).expect(200);
      expect(pending.body).toMatchObject({ status: 'pending', blockNumber: null, confirmations: 0, logs: [], call: { name: 'transfer' } });
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
    }
    await anvil.rpc('evm_mine');
    await eventually(async () => (await get(`/tx/${hash!}`)).body.status === 'success', 10_000, 'mined');
    // A refund before the window opens reverts (gas given, so it is sent and mined anyway).
    const reverted = await (await escrow().refund(zeroPadValue('0x01', 32), { gasLimit: 100_000 })).wait().catch((e) => e.receipt);
    const r = await get(`/tx/${reverted.hash}`).expect(200);
    expect(r.body).toMatchObject({ status: 'reverted', call: { name: 'refund' }, logs: [] });
  });

  it('answers 404 for what the chain does not have and 400 for malformed paths, before any chain call', async () => {
    expect((await get(`/tx/0x${'00'.repeat(32)}`).expect(404)).body.message).toBe('Transaction not found on this chain');
    for (const bad of ['0x12', `0x${'zz'.repeat(32)}`, `${'00'.repeat(33)}`]) await get(`/tx/${bad}`).expect(400);
    const head = (await get('/latest').expect(200)).body.head;
    await get(`/block/${head + 1}`).expect(404);
    await get(`/block/0`).expect(200);
    for (const bad of ['-1', '01', '1.5', 'abc', String(2n ** 64n), '9007199254740993']) await get(`/block/${bad}`).expect(400);
    for (const bad of ['0x123', `0x${'g'.repeat(40)}`]) await get(`/address/${bad}`).expect(400);
    await get('/address/0x0000000000000000000000000000000000000001/transfers?before=abc').expect(400);
    await get(`/token/${earner}`).expect(404);
    await get(`/address/${earner}/source`).expect(404);
  });

  it('shows an address with its CENT balance, the escrow and the token as the known contracts with recorded source', async () => {
    const holder = await get(`/address/${DEV_ACCOUNTS[2].address.toLowerCase()}`).expect(200);
    const balance = await CentToken__factory.connect(deployment.token, anvil.provider).balanceOf(DEV_ACCOUNTS[2].address);
    expect(holder.body).toMatchObject({ address: DEV_ACCOUNTS[2].address, kind: 'account', centBalance: balance.toString(), verifiedSource: null });
    expect(holder.body.transactionCount).toBeGreaterThanOrEqual(3);
    const e = await get(`/address/${deployment.escrow}`).expect(200);
    expect(e.body).toMatchObject({ kind: 'TaskEscrow', centBalance: (6n * CENT).toString(), verifiedSource: { contractName: 'TaskEscrow' } });
    expect((await get(`/address/${deployment.token}`).expect(200)).body.kind).toBe('CentToken');
    const nobody = await get('/address/0x000000000000000000000000000000000000dEaD').expect(200);
    expect(nobody.body).toMatchObject({ kind: 'account', centBalance: '0', nativeBalance: '0', transactionCount: 0 });

    const src = await get(`/address/${deployment.escrow}/source`).expect(200);
    expect(src.body).toMatchObject({ contractName: 'TaskEscrow', sourceName: 'contracts/src/TaskEscrow.sol' });
    expect(src.body.compilerVersion).toMatch(/^0\.8\.\d+\+commit\.[0-9a-f]+$/);
    expect(src.body.input.sources['contracts/src/TaskEscrow.sol'].content).toContain('contract TaskEscrow');

    const tok = await get(`/token/${deployment.token}`).expect(200);
    expect(tok.body).toMatchObject({ name: 'CENT', symbol: 'CENT', decimals: 18, deploymentBlock: deployment.deploymentBlock });
    expect(BigInt(tok.body.totalSupply)).toBeGreaterThan(0n);
  });

  it('pages transfers newest first (25 a page) and scans bounded block windows, following `next` to the token\'s first block', async () => {
    const who = Wallet.createRandom().address;
    for (let i = 1; i <= 27; i++) await (await token().transfer(who, BigInt(i))).wait();
    const first = await get(`/address/${who}/transfers`).expect(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items.map((t: any) => t.amount)).toEqual(Array.from({ length: 25 }, (_, i) => String(27 - i)));
    expect(first.body.items[0]).toMatchObject({ from: DEV_ACCOUNTS[2].address, to: who });
    expect(first.body.next).toMatch(/^\d+:\d+$/);
    const second = await get(`/address/${who}/transfers?before=${first.body.next}`).expect(200);
    expect(second.body.items.map((t: any) => t.amount)).toEqual(['2', '1']);
    expect(second.body.next).toBeNull();

    // 220 empty blocks later: one page scans 5 windows of 20 blocks, then says where to go on.
    await anvil.rpc('anvil_mine', ['0xdc']);
    await (await token().transfer(who, 1000n)).wait();
    const recent = await get(`/address/${who}/transfers`).expect(200);
    expect(recent.body.items.map((t: any) => t.amount)).toEqual(['1000']);
    expect(recent.body.scanned.toBlock - recent.body.scanned.fromBlock + 1).toBe(100);
    expect(recent.body.next).toBe(`${recent.body.scanned.fromBlock}:0`);
    // The next page: nothing in the 100 blocks before, and a cursor again; then the 27 older transfers.
    const gap = await get(`/address/${who}/transfers?before=${recent.body.next}`).expect(200);
    expect(gap.body.items).toEqual([]);
    expect(gap.body.next).toBe(`${gap.body.scanned.fromBlock}:0`);
    const older = await get(`/address/${who}/transfers?before=${gap.body.next}`).expect(200);
    expect(older.body.items).toHaveLength(25);
    expect(older.body.items[0].amount).toBe('27');

    // Every CENT transfer, on the token's page: the newest first.
    const all = await get(`/token/${deployment.token}/transfers`).expect(200);
    expect(all.body.items[0]).toMatchObject({ to: who, amount: '1000' });
  });

  it('reports verify-deployment run by the server: match for the recorded deployment, mismatch once the code differs', async () => {
    const done = await eventually(async () => {
      const v = (await get('/verification').expect(200)).body;
      return v.state !== 'checking' && v;
    }, 150_000, 'verification done');
    expect(done).toMatchObject({ state: 'done', result: 'match', command: 'npm run verify-deployment', exitCode: 0, message: null });
    expect(done.contracts.map((c: any) => `${c.contract} ${c.status}`).sort()).toEqual(['CentToken match', 'TaskEscrow match']);
    // Asked again: the kept answer, not a new run.
    expect((await get('/verification').expect(200)).body.checkedAt).toBe(done.checkedAt);

    // The escrow's address now holds other code and the record is written again: the next run finds the mismatch.
    await anvil.rpc('anvil_setCode', [deployment.escrow, await anvil.provider.getCode(deployment.token)]);
    const record = path.join(dataDir, 'deployments', '31337.json');
    fs.utimesSync(record, new Date(), new Date(Date.now() + 5_000));
    const again = await eventually(async () => {
      const v = (await get('/verification').expect(200)).body;
      return v.state !== 'checking' && v;
    }, 150_000, 'second verification');
    expect(again).toMatchObject({ state: 'done', result: 'mismatch', exitCode: 1 });
    expect(again.contracts.find((c: any) => c.contract === 'TaskEscrow').status).toBe('mismatch');
  }, 320_000);

  it('is off (404) when EXPLORER_URL is configured, and the config links to that explorer', async () => {
    const off = await startTestApp(envOf({ EXPLORER_URL: 'https://explorer.example/' }));
    others.push(off);
    expect((await request(off.http).get('/api/config').expect(200)).body.explorerUrl).toBe('https://explorer.example');
    for (const p of ['/latest', `/address/${earner}`, '/verification']) await request(off.http).get(`/api/explorer${p}`).expect(404);
  });

  it('answers 503 with Retry-After when the chain does not answer, and rate-limits per client', async () => {
    const port = await freePort();
    const down = await startTestApp(envOf({ RPC_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_EXPLORER: '3' }));
    others.push(down);
    const res = await request(down.http).get(`/api/explorer/address/${earner}`).expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.message).toMatch(/^The chain could not be read/);
    await request(down.http).get(`/api/explorer/block/1`).expect(503);
    // Three a window per route and client: the fourth is refused before any chain call.
    for (let i = 0; i < 3; i++) await request(down.http).get('/api/explorer/latest').expect(503);
    expect((await request(down.http).get('/api/explorer/latest').expect(429)).body.message).toMatch(/Too many requests/);
  });
});
