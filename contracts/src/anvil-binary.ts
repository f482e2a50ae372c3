/**
 * Path of the real anvil executable shipped by `@foundry-rs/anvil`'s platform package. Spawn this, not
 * `node_modules/.bin/anvil`: that is a node wrapper which forwards SIGTERM but not SIGKILL, so killing it
 * hard leaves the real chain running (an orphan holding its port).
 */
export function anvilBinary(): string {
  const arch = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch] ?? process.arch;
  const executable = process.platform === "win32" ? "anvil.exe" : "anvil";
  return require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${executable}`);
}
