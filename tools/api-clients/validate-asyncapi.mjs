// Validate an AsyncAPI document with the official parser (schema and semantic rules):
//   node validate-asyncapi.mjs FILE    prints each diagnostic; exit 1 on an error or a warning
import { readFileSync } from "node:fs";
import { Parser, DiagnosticSeverity } from "@asyncapi/parser";

const file = process.argv[2];
const parser = new Parser();
const { document, diagnostics } = await parser.parse(readFileSync(file, "utf8"));
const names = { [DiagnosticSeverity.Error]: "error", [DiagnosticSeverity.Warning]: "warning" };
const serious = diagnostics.filter((d) => d.severity in names);
for (const d of diagnostics) {
  console.log(`${names[d.severity] ?? "info"} ${d.code}: ${d.message} at ${d.path.join("/")}`);
}
if (document === undefined || serious.length > 0) process.exit(1);
console.log(`valid AsyncAPI ${document.version()}: ${document.operations().length} operations, ${document.allMessages().length} messages`);
