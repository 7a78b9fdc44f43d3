import type { Argv } from "yargs";
import { UsageError, type TdssCommand } from "./command.js";

interface LspArgs {
  stdio: boolean;
}

/** `tdss lsp`: the language server over standard input and output (docs/editors.md). */
export const lspCommand: TdssCommand<LspArgs> = {
  name: "lsp",
  builder: (y: Argv) =>
    y
      .option("stdio", {
        type: "boolean",
        default: true,
        describe: "Speak the protocol over standard input and output (the only transport; editors pass it)",
      })
      .example("$0 lsp --stdio", "Started by an editor's LSP client (docs/editors.md)"),
  async run(args) {
    if (!args.stdio) throw new UsageError("--no-stdio: tdss lsp speaks only over standard input and output");
    const { createConnection } = await import("vscode-languageserver/node.js");
    const { startServer } = await import("../lsp/server.js");
    startServer(createConnection(process.stdin, process.stdout));
    // The connection ends the process on the client's `exit` notification, or when its input ends.
    return new Promise<number>(() => undefined);
  },
};
