import { HardhatUserConfig, subtask } from "hardhat/config";
import * as path from "path";
import {
  TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD,
  TASK_COMPILE_SOLIDITY_GET_SOURCE_PATHS,
} from "hardhat/builtin-tasks/task-names";
import { getAllFilesMatching } from "hardhat/internal/util/fs-utils";
import "@nomicfoundation/hardhat-ethers";
import "@nomicfoundation/hardhat-chai-matchers";
import "@typechain/hardhat";
import "solidity-coverage";
import "hardhat-gas-reporter";

// This machine (and CI) has no internet: compile with the wasm solc shipped in the `solc` npm package
// instead of letting Hardhat download a native compiler (HH502).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Hardhat loads this config as CommonJS
const SOLC_VERSION: string = require("solc/package.json").version;

subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD).setAction(async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper(args);
  return {
    compilerPath: require.resolve("solc/soljson.js"),
    isSolcJs: true,
    version: args.solcVersion,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- solc is loaded only when it compiles
    longVersion: require("solc").version(),
  };
});

// Test-only contracts (mock tokens, reentrancy attackers, LogEmitter, InvariantProbe) live beside the tests, out
// of `contracts/src` (the package's own contracts): Hardhat compiles both, for the tests' sake.
const TEST_CONTRACTS = path.join(__dirname, "contracts", "test", "mocks");

subtask(TASK_COMPILE_SOLIDITY_GET_SOURCE_PATHS).setAction(
  async (args: { sourcePath?: string }, hre, runSuper): Promise<string[]> => {
    const paths: string[] = await runSuper(args);
    if (args.sourcePath !== undefined && args.sourcePath !== hre.config.paths.sources) return paths;
    return [...paths, ...(await getAllFilesMatching(TEST_CONTRACTS, (f) => f.endsWith(".sol")))];
  },
);

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    // OpenZeppelin 5.7 uses mcopy, so target cancun (Hardhat 2 would default to paris).
    settings: { optimizer: { enabled: true, runs: 10_000 }, evmVersion: "cancun" },
  },
  paths: {
    sources: "contracts/src",
    tests: "contracts/test",
    cache: "contracts/cache",
    artifacts: "contracts/artifacts",
  },
  typechain: { outDir: "contracts/typechain-types", target: "ethers-v6" },
  networks: {
    hardhat: { chainId: 31337 },
    localhost: { url: process.env.RPC_URL ?? "http://127.0.0.1:8545", chainId: 31337 },
  },
  gasReporter: { enabled: process.env.REPORT_GAS === "true", offline: true },
  mocha: { timeout: 600_000 },
};

export default config;
