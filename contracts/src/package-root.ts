import * as fs from "fs";
import * as path from "path";

/** Directory of the `@cent/contracts` package (works from src/ under ts-node and from dist/src/). */
export function packageRoot(): string {
  let dir = __dirname;
  for (;;) {
    const pj = path.join(dir, "package.json");
    if (fs.existsSync(pj)) {
      try {
        if (JSON.parse(fs.readFileSync(pj, "utf8")).name === "@cent/contracts") return dir;
      } catch {
        /* keep walking */
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("@cent/contracts package root not found from " + __dirname);
    dir = parent;
  }
}
