/**
 * Source verification of a deployment, as source-verification services do it: the deployment record keeps
 * the compiler version and the standard-JSON input of each contract it deployed; anyone can recompile that
 * input with the same compiler and compare the result with the runtime bytecode on chain. Immutables are
 * written into the runtime code by the constructor, so their byte ranges (the compiler's
 * `immutableReferences`) are masked on both sides; everything else, including the metadata hash that
 * commits to every source file, must be identical.
 */
import * as fs from "fs";
import * as path from "path";
import { packageRoot } from "./package-root";

/** Solidity standard-JSON compiler input (https://docs.soliditylang.org, "Compiler Input and Output JSON"). */
export interface StandardJsonInput {
  language: "Solidity";
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown> & { outputSelection: Record<string, Record<string, string[]>> };
}

/** What it takes to recompile one deployed contract. */
export interface ContractVerification {
  /** e.g. "contracts/src/TaskEscrow.sol" (a key of `input.sources`). */
  sourceName: string;
  contractName: string;
  /** Full compiler version, e.g. "0.8.28+commit.7893614a". */
  compilerVersion: string;
  /** Optimizer, EVM version, ... exactly as compiled (also inside `input.settings`). */
  settings: Record<string, unknown>;
  /** The standard-JSON input: exactly the sources the contract's metadata names, and the settings. */
  input: StandardJsonInput;
}

export type ImmutableReferences = Record<string, Array<{ start: number; length: number }>>;

/** A contract's runtime code as compiled: hex without 0x, and where its immutables go. */
export interface CompiledRuntime {
  code: string;
  immutableReferences: ImmutableReferences;
}

interface BuildInfo {
  solcLongVersion: string;
  input: StandardJsonInput;
  output: {
    contracts: Record<string, Record<string, { metadata: string; evm: { deployedBytecode: { object: string; immutableReferences?: ImmutableReferences } } }>>;
  };
}

const SOURCE_NAMES = { TaskEscrow: "contracts/src/TaskEscrow.sol", CentToken: "contracts/src/CentToken.sol" } as const;
export type VerifiableContract = keyof typeof SOURCE_NAMES;

/** The Hardhat build-info (compiler input + output) the current artifact of `name` came from. */
function buildInfo(name: VerifiableContract): BuildInfo {
  const dbgFile = path.join(packageRoot(), "artifacts", SOURCE_NAMES[name], `${name}.dbg.json`);
  const dbg = JSON.parse(fs.readFileSync(dbgFile, "utf8")) as { buildInfo: string };
  return JSON.parse(fs.readFileSync(path.resolve(path.dirname(dbgFile), dbg.buildInfo), "utf8")) as BuildInfo;
}

/** Drops the Emscripten / platform suffix: "0.8.28+commit.7893614a.Emscripten.clang" → "0.8.28+commit.7893614a". */
function shortLongVersion(v: string): string {
  const m = /^(\d+\.\d+\.\d+\+commit\.[0-9a-f]+)/.exec(v);
  return m ? m[1] : v;
}

/** The verification record of the current build of `name` (read from Hardhat's build-info). */
export function verificationOf(name: VerifiableContract): ContractVerification {
  const info = buildInfo(name);
  const sourceName = SOURCE_NAMES[name];
  const metadata = JSON.parse(info.output.contracts[sourceName][name].metadata) as { sources: Record<string, unknown> };
  const sources: StandardJsonInput["sources"] = {};
  for (const file of Object.keys(metadata.sources).sort()) sources[file] = { content: info.input.sources[file].content };
  const { outputSelection: _all, ...settings } = info.input.settings;
  return {
    sourceName,
    contractName: name,
    compilerVersion: shortLongVersion(info.solcLongVersion),
    settings,
    input: {
      language: "Solidity",
      sources,
      settings: { ...settings, outputSelection: { [sourceName]: { [name]: ["evm.deployedBytecode.object", "evm.deployedBytecode.immutableReferences"] } } },
    },
  };
}

/** The runtime code of the current build of `name` (no recompilation: from the build-info output). */
export function builtRuntime(name: VerifiableContract): CompiledRuntime {
  const c = buildInfo(name).output.contracts[SOURCE_NAMES[name]][name].evm.deployedBytecode;
  return { code: c.object.toLowerCase(), immutableReferences: c.immutableReferences ?? {} };
}

/**
 * Recompiles a recorded input with the offline solc (the `solc` npm package's wasm compiler), which must be
 * exactly the recorded version.
 */
export function recompile(v: ContractVerification): CompiledRuntime {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require("solc") as { version(): string; compile(input: string): string };
  const installed = shortLongVersion(solc.version());
  if (installed !== v.compilerVersion) {
    throw new Error(`the record was compiled with solc ${v.compilerVersion}, the installed solc is ${installed}: install solc@${v.compilerVersion.split("+")[0]}`);
  }
  const out = JSON.parse(solc.compile(JSON.stringify(v.input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: BuildInfo["output"]["contracts"];
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(`compilation failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const c = out.contracts?.[v.sourceName]?.[v.contractName]?.evm.deployedBytecode;
  if (!c) throw new Error(`${v.sourceName}:${v.contractName} is not in the compiler output`);
  return { code: c.object.toLowerCase(), immutableReferences: c.immutableReferences ?? {} };
}

/** Hex code (with or without 0x) with every immutable's byte range zeroed. */
export function maskImmutables(code: string, refs: ImmutableReferences): string {
  const hex = code.replace(/^0x/, "").toLowerCase().split("");
  for (const ranges of Object.values(refs)) {
    for (const { start, length } of ranges) hex.fill("0", start * 2, Math.min(hex.length, (start + length) * 2));
  }
  return hex.join("");
}

/** Whether on-chain runtime code is `compiled`, immutables aside. */
export function runtimeMatches(onChain: string, compiled: CompiledRuntime): boolean {
  const chain = onChain.replace(/^0x/, "").toLowerCase();
  if (chain.length !== compiled.code.length) return false;
  return maskImmutables(chain, compiled.immutableReferences) === maskImmutables(compiled.code, compiled.immutableReferences);
}
