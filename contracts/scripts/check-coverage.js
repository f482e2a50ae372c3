#!/usr/bin/env node
/**
 * Fails unless TaskEscrow.sol has 100% line AND branch coverage. Reads coverage/coverage-summary.json
 * when present, else computes from coverage.json (istanbul format written by solidity-coverage).
 * Run from the repo root after `hardhat coverage` (see `npm run coverage:check -w contracts`).
 */
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..", "..");
const TARGET = /contracts\/src\/TaskEscrow\.sol$/;
const REQUIRED = 100;

function pct(covered, total) {
  return total === 0 ? 100 : Math.round((covered / total) * 10000) / 100;
}

function fromCoverageJson(file) {
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  const rows = {};
  for (const [name, fc] of Object.entries(data)) {
    const lines = {};
    for (const [id, count] of Object.entries(fc.s)) {
      const line = fc.statementMap[id].start.line;
      lines[line] = (lines[line] ?? 0) + count;
    }
    for (const [id, count] of Object.entries(fc.l ?? {})) lines[id] = Math.max(lines[id] ?? 0, count);
    const lineVals = Object.values(fc.l && Object.keys(fc.l).length ? fc.l : lines);
    const branchVals = Object.values(fc.b).flat();
    const stmtVals = Object.values(fc.s);
    const fnVals = Object.values(fc.f);
    const count = (vals) => ({ total: vals.length, covered: vals.filter((v) => v > 0).length });
    const l = count(lineVals), b = count(branchVals), s = count(stmtVals), f = count(fnVals);
    rows[name] = {
      lines: { ...l, pct: pct(l.covered, l.total) },
      branches: { ...b, pct: pct(b.covered, b.total) },
      statements: { ...s, pct: pct(s.covered, s.total) },
      functions: { ...f, pct: pct(f.covered, f.total) },
    };
  }
  return rows;
}

function load() {
  const summary = path.join(root, "coverage", "coverage-summary.json");
  if (fs.existsSync(summary)) {
    const data = JSON.parse(fs.readFileSync(summary, "utf8"));
    delete data.total;
    return data;
  }
  const json = path.join(root, "coverage.json");
  if (fs.existsSync(json)) return fromCoverageJson(json);
  console.error("No coverage/coverage-summary.json or coverage.json: run `hardhat coverage` first.");
  process.exit(2);
}

const rows = load();
const rel = (f) => path.relative(root, path.resolve(root, f));
console.log("\nSolidity coverage summary (% covered / total)");
console.log(["File".padEnd(48), "Lines".padStart(16), "Branches".padStart(16), "Funcs".padStart(16), "Stmts".padStart(16)].join(""));
const cell = (m) => `${m.pct}% (${m.covered}/${m.total})`.padStart(16);
for (const [file, m] of Object.entries(rows).sort()) {
  console.log([rel(file).padEnd(48), cell(m.lines), cell(m.branches), cell(m.functions), cell(m.statements)].join(""));
}

const target = Object.entries(rows).find(([f]) => TARGET.test(f.replace(/\\/g, "/")));
if (!target) {
  console.error("\nTaskEscrow.sol not found in the coverage report");
  process.exit(1);
}
const [, m] = target;
const failures = [];
if (m.lines.pct < REQUIRED) failures.push(`lines ${m.lines.pct}%`);
if (m.branches.pct < REQUIRED) failures.push(`branches ${m.branches.pct}%`);
if (failures.length) {
  console.error(`\nFAIL: TaskEscrow.sol coverage below ${REQUIRED}%: ${failures.join(", ")}`);
  process.exit(1);
}
console.log(`\nOK: TaskEscrow.sol lines ${m.lines.pct}%, branches ${m.branches.pct}%`);
