import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { escrowAmount, centToBaseUnits } from '../common/money';
import { CreateTaskCommand, CreateTaskInput } from '../tasks/commands/create-task.command';
import { GrantAdminCommand } from '../users/commands/grant-admin.command';
import { RegisterUserCommand } from '../users/commands/register-user.command';
import { UsersReadRepository } from '../users/users.read-repository';
import { loadCliConfig } from './cli-config';
import { openDomainContext } from './domain-context';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const contracts = require('@cent/contracts') as typeof import('@cent/contracts');

const DAY = 24 * 3600 * 1000;

const DEMO_TASKS: Array<Omit<CreateTaskInput, 'deadline' | 'isActive'> & { days: number }> = [
  { title: 'Write a thread about CENT Tasks', description: 'Post a thread on X explaining how task escrow works on CENT Tasks.', requirements: 'At least 5 posts; link https://x.com to your thread; mention that rewards are escrowed on chain.', category: 'Content', reward: 50, maxCompletions: 5, estimatedTime: 30, submissionType: 'link', days: 14 },
  { title: 'Design a banner for the CENT community', description: 'A 1500x500 banner for our social profiles, in the CENT colours.', requirements: 'PNG or JPEG upload, 1500x500, no third-party logos.', category: 'Design', reward: 200, maxCompletions: 3, estimatedTime: 120, submissionType: 'file', days: 21 },
  { title: 'Test the sign-in flow on mobile', description: 'Sign in with a mobile wallet browser and report what you see.', requirements: 'Describe device, wallet app and every step; include anything that failed.', category: 'Testing', reward: 30, maxCompletions: 10, estimatedTime: 20, submissionType: 'text', days: 10 },
  { title: 'Translate the task guide into Spanish', description: 'Translate the short guide for earners (about 400 words).', requirements: 'Natural Spanish, keep the headings; paste the translation as text.', category: 'Translation', reward: 120, maxCompletions: 2, estimatedTime: 90, submissionType: 'text', days: 30 },
  { title: 'Find a bug in the task browser', description: 'Use the filters and sorting of the task browser and look for anything wrong.', requirements: 'Steps to reproduce, what you expected and what happened; a screenshot link helps.', category: 'Development', reward: 300, maxCompletions: 3, estimatedTime: 60, submissionType: 'mixed', days: 21 },
  { title: 'Research three bounty platforms', description: 'Compare three bounty or quest platforms on fees, escrow and payout speed.', requirements: 'A table or list per platform with sources.', category: 'Research', reward: 80, maxCompletions: 4, estimatedTime: 60, submissionType: 'text', days: 14 },
];

/**
 * `npm start` seeds demo data once on the local chain: a demo creator, earner and admin (dev wallets #2, #3
 * and #4: contracts' DEMO_ACCOUNTS, publicly known keys) and six tasks, each funded on chain from the
 * creator's wallet. The indexer then sees TaskFunded and lists them, exactly as for a real creator. Does
 * nothing for the parts that exist.
 */
async function main(): Promise<void> {
  const { config } = loadCliConfig();
  if (config.CHAIN_ID !== contracts.LOCAL_CHAIN_ID || !config.ESCROW_ADDRESS || !config.TOKEN_ADDRESS) {
    console.log('demo data: only on the local chain with deployed contracts; skipped');
    return;
  }
  const { app, close } = await openDomainContext();
  try {
    const db = app.get(DataSource);
    await ensureDemoAdmin(app.get(CommandBus), app.get(UsersReadRepository));
    const found = await db.query(`SELECT 1 FROM unique_keys WHERE kind = 'username' AND value = 'demo_creator'`);
    if (found.length) {
      console.log('demo data: present');
      return;
    }
    const commands = app.get(CommandBus);
    const creatorAccount = contracts.DEMO_ACCOUNTS.creator;
    const creatorId: number = await commands.execute(
      new RegisterUserCommand({ method: 'wallet', username: 'demo_creator', walletAddress: creatorAccount.address, email: null, passwordHash: null }),
    );
    await commands.execute(
      new RegisterUserCommand({ method: 'wallet', username: 'demo_earner', walletAddress: contracts.DEMO_ACCOUNTS.earner.address, email: null, passwordHash: null }),
    );
    const provider = new JsonRpcProvider(config.RPC_URL, undefined, { staticNetwork: true, pollingInterval: 200 });
    const signer = new NonceManager(new Wallet(creatorAccount.privateKey, provider));
    const token = contracts.CentToken__factory.connect(config.TOKEN_ADDRESS, signer);
    const escrow = contracts.TaskEscrow__factory.connect(config.ESCROW_ADDRESS, signer);
    const total = DEMO_TASKS.reduce((sum, t) => sum + escrowAmount(t.reward, t.maxCompletions), 0n);
    await (await token.approve(config.ESCROW_ADDRESS, total)).wait();
    for (const t of DEMO_TASKS) {
      const { days, ...input } = t;
      const deadline = new Date(Date.now() + days * DAY);
      const taskId: number = await commands.execute(new CreateTaskCommand(creatorId, { ...input, deadline, isActive: true }));
      await (await escrow.fund(taskId, centToBaseUnits(t.reward), t.maxCompletions, Math.floor(deadline.getTime() / 1000))).wait();
    }
    provider.destroy();
    console.log(`demo data: ${DEMO_TASKS.length} tasks created and funded by demo_creator (${creatorAccount.address})`);
  } finally {
    await close();
  }
}

/** The demo admin exists by default on the local chain (also for data seeded before it was added). */
async function ensureDemoAdmin(commands: CommandBus, users: UsersReadRepository): Promise<void> {
  const wallet = contracts.DEMO_ACCOUNTS.admin.address;
  let userId = await users.userIdByWallet(wallet);
  if (userId === null) {
    userId = (await commands.execute(
      new RegisterUserCommand({ method: 'wallet', username: 'demo_admin', walletAddress: wallet, email: null, passwordHash: null }),
    )) as number;
  }
  await commands.execute(new GrantAdminCommand(userId, 'seed-demo')); // a no-op when already admin
}

main().catch((err) => {
  console.error(`demo data failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
