/**
 * Property tests (fast-check): random sequences of fund / fundWithPermit / release / releaseBatch /
 * refund / approve / time jumps by random actors (two creators, the releaser, a stranger — every
 * one of them may also fund its own tasks), run against the real contract AND a reference model.
 *
 * Every step: the contract must succeed exactly when the model says so (or revert with the custom
 * error the model predicts), and afterwards (one eth_call through InvariantProbe):
 *  - escrow token balance == sum of the model's remaining balances == sum of on-chain `remaining`;
 *  - every task on chain equals the model (creator, reward, max, paidCount <= max, deadline, refunded);
 *  - every holder's balance equals the model's: only the creator / releaser ever moved money out,
 *    only to the requested recipient, exactly `reward` per payout; a refunded task never pays again;
 *  - paid flags equal the model's, so no submission id is ever paid twice.
 *
 * PROPERTY_RUNS (default 2000) sequences of 10..20 steps; PROPERTY_SEED to replay a failure.
 * Chain state is restored with evm_snapshot / evm_revert between sequences.
 */
import { expect } from "chai";
import fc from "fast-check";
import { ethers, network } from "hardhat";
import { Interface, Wallet } from "ethers";
import {
  CentToken__factory,
  InvariantProbe__factory,
  TaskEscrow__factory,
  type CentToken,
  type InvariantProbe,
  type TaskEscrow,
} from "../typechain-types";
import { DEV_ACCOUNTS } from "../src/dev-accounts";
import { revertTo, snapshot } from "./helpers";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 2000);
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;
const REVIEW_WINDOW = 100;
const TASK_IDS = [0, 1, 2, 3, 4]; // 4 is funded rarely: it is mostly the "unknown task"
const GAS = "0x" + (3_000_000).toString(16);
const MAXU = ethers.MaxUint256;
const UNIT = 10n ** 15n;
const INITIAL = 10n ** 30n;

const RELEASER_INDEX = 2;

type Action =
  | { kind: "fund"; actor: number; taskId: number; reward: number; max: number; dl: number }
  | { kind: "fundWithPermit"; actor: number; taskId: number; reward: number; max: number; dl: number; validSig: boolean }
  | { kind: "release"; actor: number; taskId: number; pick: number; sub: number; to: number }
  | { kind: "releaseBatch"; actor: number; taskId: number; pick: number; subs: number[]; tos: number[] }
  | { kind: "refund"; actor: number; taskId: number; pick: number }
  | { kind: "approve"; actor: number }
  | { kind: "warp"; seconds: number };

// Actors 0..3 = creatorA, creatorB, releaser, stranger. Recipients index into `holders` (6 = zero address).
const actor = fc.integer({ min: 0, max: 3 });
/** Actor value meaning "whoever created the chosen task" (resolved against the model at run time). */
const CREATOR = 9;
// Releases are mostly attempted by the releaser or the task's creator, sometimes by anyone.
const releaseActor = fc.oneof(
  { arbitrary: fc.constant(RELEASER_INDEX), weight: 3 },
  { arbitrary: fc.constant(CREATOR), weight: 2 },
  { arbitrary: actor, weight: 2 },
);
const refundActor = fc.oneof({ arbitrary: fc.constant(CREATOR), weight: 3 }, { arbitrary: actor, weight: 1 });
/** 0..7: pick among the already funded tasks (when there are any); 8..9: use the raw task id. */
const pick = fc.nat(9);
const taskId = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3 }), weight: 6 }, { arbitrary: fc.constant(4), weight: 1 });
const sub = fc.oneof(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 250, max: 262 }), fc.integer({ min: 0, max: 520 }));
const to = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 5 }), weight: 15 }, { arbitrary: fc.constant(6), weight: 1 });
const reward = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 1000 }), weight: 12 }, { arbitrary: fc.constant(0), weight: 1 });
const max = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 5 }), weight: 12 }, { arbitrary: fc.constant(0), weight: 1 });
const dl = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 200 }), weight: 12 }, { arbitrary: fc.integer({ min: -5, max: 0 }), weight: 1 });

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("fund" as const), actor, taskId, reward, max, dl }), weight: 4 },
  {
    arbitrary: fc.record({ kind: fc.constant("fundWithPermit" as const), actor, taskId, reward, max, dl, validSig: fc.boolean() }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("release" as const), actor: releaseActor, taskId, pick, sub, to }), weight: 5 },
  {
    arbitrary: fc
      .record({ actor: releaseActor, taskId, pick, subs: fc.oneof({ arbitrary: fc.constant([]), weight: 1 }, { arbitrary: fc.array(sub, { minLength: 1, maxLength: 5 }), weight: 8 }), tos: fc.array(to, { maxLength: 5 }), mismatch: fc.nat(9) })
      .map(({ actor, taskId, pick, subs, tos, mismatch }) => ({
        kind: "releaseBatch" as const,
        actor,
        taskId,
        pick,
        subs,
        // mostly equal lengths, sometimes a length mismatch
        tos: mismatch === 0 ? tos : subs.map((_, i) => tos[i] ?? i % 6),
      })),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant("refund" as const), actor: refundActor, taskId, pick }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("approve" as const), actor }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("warp" as const), seconds: fc.integer({ min: 1, max: 400 }) }), weight: 4 },
);

interface MTask {
  creator: number;
  reward: bigint;
  max: number;
  paid: number;
  deadline: number;
  refunded: boolean;
}

class Model {
  time: number;
  tasks = new Map<number, MTask>();
  paid = new Set<number>();
  balances: bigint[];
  allowance: bigint[] = [MAXU, MAXU, MAXU, MAXU];
  nonces: bigint[] = [0n, 0n, 0n, 0n];
  constructor(t0: number, nHolders: number) {
    this.time = t0;
    this.balances = Array.from({ length: nHolders }, (_, i) => (i < 4 ? INITIAL : 0n));
  }
  remaining(t: MTask): bigint {
    return t.refunded ? 0n : t.reward * BigInt(t.max - t.paid);
  }
  totalRemaining(): bigint {
    let s = 0n;
    for (const t of this.tasks.values()) s += this.remaining(t);
    return s;
  }
}

const RELEASER = RELEASER_INDEX;
const outcomes = new Map<string, number>();

describe("TaskEscrow properties (fast-check)", function () {
  let token: CentToken;
  let escrow: TaskEscrow;
  let probe: InvariantProbe;
  let probeAddr: string;
  let escrowAddr: string;
  let tokenAddr: string;
  let holders: string[]; // 0..3 actors, 4..5 workers, 6 = zero address (never probed)
  let wallets: Wallet[];
  let base: string;
  let t0: number;
  const iface = new Interface([...TaskEscrow__factory.abi, ...CentToken__factory.abi].filter((f) => f.type === "error"));

  before(async () => {
    const signers = await ethers.getSigners();
    const [admin, a, b, releaser, stranger, w1, w2] = signers;
    token = await new CentToken__factory(admin).deploy();
    tokenAddr = await token.getAddress();
    escrow = await new TaskEscrow__factory(admin).deploy(tokenAddr, REVIEW_WINDOW, admin.address);
    escrowAddr = await escrow.getAddress();
    probe = await new InvariantProbe__factory(admin).deploy();
    probeAddr = await probe.getAddress();
    await escrow.grantRole(await escrow.RELEASER_ROLE(), releaser.address);
    const actors = [a, b, releaser, stranger];
    for (const s of actors) {
      await token.mint(s.address, INITIAL);
      await token.connect(s).approve(escrowAddr, MAXU);
    }
    holders = [...actors.map((s) => s.address), w1.address, w2.address, ethers.ZeroAddress];
    // Hardhat's default accounts are the publicly known dev accounts: sign permits locally.
    wallets = [1, 2, 3, 4].map((i, k) => {
      const w = new Wallet(DEV_ACCOUNTS[i].privateKey);
      expect(w.address).to.equal(holders[k]);
      return w;
    });
    await network.provider.send("evm_mine", []);
    t0 = (await ethers.provider.getBlock("latest"))!.timestamp;
    base = await snapshot();
  });

  /** Sends one tx at model time `m.time + 1`; returns null on success or the custom error's name. */
  async function send(m: Model, from: number, data: string): Promise<string | null> {
    m.time += 1;
    await network.provider.send("evm_setNextBlockTimestamp", [m.time]);
    try {
      await network.provider.request({
        method: "eth_sendTransaction",
        params: [{ from: holders[from], to: escrowAddr, data, gas: GAS }],
      });
      return null;
    } catch (e) {
      const raw = (e as { data?: unknown }).data;
      if (typeof raw !== "string") throw e;
      const parsed = iface.parseError(raw);
      if (!parsed) throw new Error(`unparsed revert data ${raw}: ${(e as Error).message}`);
      return parsed.name;
    }
  }

  async function permitSig(m: Model, a: number, value: bigint, deadline: number) {
    const { chainId } = await ethers.provider.getNetwork();
    const sig = await wallets[a].signTypedData(
      { name: "CENT", version: "1", chainId, verifyingContract: tokenAddr },
      {
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      { owner: holders[a], spender: escrowAddr, value, nonce: m.nonces[a], deadline },
    );
    return ethers.Signature.from(sig);
  }

  function canRelease(m: Model, a: number, id: number): string | null {
    const t = m.tasks.get(id);
    if (!t) return "TaskNotFunded";
    if (t.refunded) return "TaskAlreadyRefunded";
    if (a !== RELEASER && a !== t.creator) return "NotCreatorOrReleaser";
    return null;
  }

  /** Resolves `pick` (choose a funded task) and the CREATOR actor against the model. */
  function resolve(m: Model, a: Action): Action {
    if (a.kind !== "release" && a.kind !== "releaseBatch" && a.kind !== "refund") return a;
    const funded = [...m.tasks.keys()].sort();
    const taskId = a.pick < 8 && funded.length ? funded[a.taskId % funded.length] : a.taskId;
    const actor = a.actor === CREATOR ? (m.tasks.get(taskId)?.creator ?? 3) : a.actor;
    return { ...a, taskId, actor };
  }

  /** Applies one action to chain and model, asserting they agree on success / the error. */
  async function step(m: Model, original: Action): Promise<void> {
    const act = resolve(m, original);
    let expected: string | null = null;
    let actual: string | null = null;
    let apply = (): void => {};

    switch (act.kind) {
      case "warp":
        m.time += act.seconds;
        return;
      case "approve": {
        // "approve" goes to the token, not the escrow: send it directly.
        m.time += 1;
        await network.provider.send("evm_setNextBlockTimestamp", [m.time]);
        await network.provider.request({
          method: "eth_sendTransaction",
          params: [{ from: holders[act.actor], to: tokenAddr, data: token.interface.encodeFunctionData("approve", [escrowAddr, MAXU]), gas: GAS }],
        });
        m.allowance[act.actor] = MAXU;
        return;
      }
      case "fund":
      case "fundWithPermit": {
        const r = BigInt(act.reward) * UNIT;
        const amount = r * BigInt(act.max);
        const deadline = m.time + 1 + act.dl;
        const permit = act.kind === "fundWithPermit";
        const valid = permit && act.validSig;
        let allowance = m.allowance[act.actor];
        if (permit && !valid && allowance < amount) expected = "PermitFailed";
        else if (r === 0n) expected = "ZeroReward";
        else if (act.max === 0) expected = "ZeroMaxCompletions";
        else if (deadline <= m.time + 1) expected = "DeadlineNotInFuture";
        else if (m.tasks.has(act.taskId)) expected = "TaskAlreadyFunded";
        else {
          if (valid) allowance = amount;
          if (allowance < amount) expected = "ERC20InsufficientAllowance";
        }
        let data: string;
        if (permit) {
          const pd = m.time + 1000;
          const sig = await permitSig(m, act.actor, valid ? amount : amount + 1n, pd);
          data = escrow.interface.encodeFunctionData("fundWithPermit", [act.taskId, r, act.max, deadline, pd, sig.v, sig.r, sig.s]);
        } else {
          data = escrow.interface.encodeFunctionData("fund", [act.taskId, r, act.max, deadline]);
        }
        apply = () => {
          m.tasks.set(act.taskId, { creator: act.actor, reward: r, max: act.max, paid: 0, deadline, refunded: false });
          m.balances[act.actor] -= amount;
          m.allowance[act.actor] = allowance === MAXU ? MAXU : allowance - amount;
          if (valid) m.nonces[act.actor] += 1n;
        };
        actual = await send(m, act.actor, data);
        break;
      }
      case "release": {
        expected = canRelease(m, act.actor, act.taskId);
        const t = m.tasks.get(act.taskId);
        if (!expected && act.to === 6) expected = "ZeroRecipient";
        else if (!expected && t!.paid >= t!.max) expected = "MaxCompletionsExceeded";
        else if (!expected && m.paid.has(act.sub)) expected = "SubmissionAlreadyPaid";
        apply = () => {
          t!.paid += 1;
          m.paid.add(act.sub);
          m.balances[act.to] += t!.reward;
        };
        actual = await send(m, act.actor, escrow.interface.encodeFunctionData("release", [act.taskId, act.sub, holders[act.to]]));
        break;
      }
      case "releaseBatch": {
        const n = act.subs.length;
        if (n === 0) expected = "EmptyBatch";
        else if (n !== act.tos.length) expected = "LengthMismatch";
        else expected = canRelease(m, act.actor, act.taskId);
        const t = m.tasks.get(act.taskId);
        if (!expected && t!.paid + n > t!.max) expected = "MaxCompletionsExceeded";
        if (!expected) {
          const seen = new Set(m.paid);
          for (let i = 0; i < n && !expected; i++) {
            if (act.tos[i] === 6) expected = "ZeroRecipient";
            else if (seen.has(act.subs[i])) expected = "SubmissionAlreadyPaid";
            seen.add(act.subs[i]);
          }
        }
        apply = () => {
          t!.paid += n;
          for (let i = 0; i < n; i++) {
            m.paid.add(act.subs[i]);
            m.balances[act.tos[i]] += t!.reward;
          }
        };
        const data = escrow.interface.encodeFunctionData("releaseBatch", [act.taskId, act.subs, act.tos.map((i) => holders[i])]);
        actual = await send(m, act.actor, data);
        break;
      }
      case "refund": {
        const t = m.tasks.get(act.taskId);
        if (!t) expected = "TaskNotFunded";
        else if (act.actor !== t.creator) expected = "NotCreator";
        else if (t.refunded) expected = "TaskAlreadyRefunded";
        else if (m.time + 1 <= t.deadline + REVIEW_WINDOW) expected = "RefundNotYetAvailable";
        else if (m.remaining(t) === 0n) expected = "NothingToRefund";
        apply = () => {
          m.balances[t!.creator] += m.remaining(t!);
          t!.refunded = true;
        };
        actual = await send(m, act.actor, escrow.interface.encodeFunctionData("refund", [act.taskId]));
        break;
      }
    }
    const key = `${act.kind}:${actual ?? "ok"}`;
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    if (actual !== expected) expect.fail(`${JSON.stringify(act)}: contract gave ${actual ?? "success"}, model ${expected ?? "success"}`);
    if (expected === null) apply();
  }

  /** One eth_call through InvariantProbe, compared with the model in plain JS (chai per field is slow). */
  async function checkInvariants(m: Model, subs: number[]): Promise<void> {
    const data = probe.interface.encodeFunctionData("probe", [escrowAddr, TASK_IDS, holders.slice(0, 6), subs]);
    const raw = (await network.provider.request({ method: "eth_call", params: [{ to: probeAddr, data }, "latest"] })) as string;
    const [escrowBalance, tasks, balances, paid] = probe.interface.decodeFunctionResult("probe", raw) as unknown as [
      bigint,
      Array<{ creator: string; reward: bigint; maxCompletions: bigint; paidCount: bigint; deadline: bigint; refunded: boolean; remaining: bigint }>,
      bigint[],
      boolean[],
    ];
    const bad: string[] = [];
    const modelTotal = m.totalRemaining();
    if (escrowBalance !== modelTotal) bad.push(`escrow balance ${escrowBalance} != model sum of remaining ${modelTotal}`);
    let onchainTotal = 0n;
    for (let i = 0; i < TASK_IDS.length; i++) {
      const c = tasks[i];
      const t = m.tasks.get(TASK_IDS[i]);
      onchainTotal += c.remaining;
      if (c.paidCount > c.maxCompletions) bad.push(`task ${TASK_IDS[i]}: paidCount ${c.paidCount} > max ${c.maxCompletions}`);
      const want = t
        ? [holders[t.creator], t.reward, BigInt(t.max), BigInt(t.paid), BigInt(t.deadline), t.refunded, m.remaining(t)]
        : [ethers.ZeroAddress, 0n, 0n, 0n, 0n, false, 0n];
      const got = [c.creator, c.reward, c.maxCompletions, c.paidCount, c.deadline, c.refunded, c.remaining];
      if (want.some((w, k) => w !== got[k])) bad.push(`task ${TASK_IDS[i]}: chain ${String(got)} != model ${String(want)}`);
    }
    if (onchainTotal !== escrowBalance) bad.push(`escrow balance ${escrowBalance} != on-chain sum of remaining ${onchainTotal}`);
    for (let i = 0; i < 6; i++) {
      if (balances[i] !== m.balances[i]) bad.push(`holder ${i}: balance ${balances[i]} != model ${m.balances[i]}`);
    }
    for (let i = 0; i < subs.length; i++) {
      if (paid[i] !== m.paid.has(subs[i])) bad.push(`submission ${subs[i]}: paid ${paid[i]} != model ${m.paid.has(subs[i])}`);
    }
    if (bad.length) expect.fail(bad.join("\n"));
  }

  it(`keeps every invariant over ${RUNS} random sequences of 10..20 steps`, async () => {
    const started = Date.now();
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 10, maxLength: 20 }), async (actions) => {
        await revertTo(base);
        base = await snapshot();
        const m = new Model(t0, 6);
        const subs = [
          ...new Set(actions.flatMap((a) => (a.kind === "release" ? [a.sub] : a.kind === "releaseBatch" ? a.subs : []))),
        ];
        for (const act of actions) {
          await step(m, act);
          await checkInvariants(m, subs);
          steps++;
        }
        // a refunded task never pays again: covered by the model (release on it must revert), and:
        for (const t of m.tasks.values()) if (t.refunded) expect(m.remaining(t)).to.equal(0n);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    const secs = (Date.now() - started) / 1000;
    const ok = [...outcomes].filter(([k]) => k.endsWith(":ok")).reduce((a, [, v]) => a + v, 0);
    console.log(`      ${RUNS} sequences, ${steps} steps (${ok} successful txs, the rest expected reverts / time jumps) in ${secs.toFixed(1)} s`);
    if (process.env.PROPERTY_STATS) console.log([...outcomes].sort().map(([k, v]) => `        ${k} ${v}`).join("\n"));
  });
});
