import { spawn } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { PublishDiagnosticsParams } from "vscode-languageserver";
import { createConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver/node.js";
import { packageRoot } from "../contract/root.js";
import { runCli } from "./testing/cli.js";

describe("tdss lsp", () => {
  it("speaks the protocol over standard input and output, and exits 0 after shutdown and exit", async () => {
    const child = spawn(process.execPath, [join(packageRoot(), "bin", "tdss.js"), "lsp", "--stdio"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const client = createConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const published = new Promise<PublishDiagnosticsParams>((resolve) =>
      client.onNotification("textDocument/publishDiagnostics", resolve),
    );
    client.listen();
    const init = await client.sendRequest<{ serverInfo: { name: string } }>("initialize", {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
    });
    expect(init.serverInfo.name).toBe("tdss");
    await client.sendNotification("initialized", {});
    const uri = pathToFileURL("/nowhere/q.json").href;
    await client.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "json", version: 1, text: '{"where": {"field": "titel", "eq": "x"}}' },
    });
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code)).toEqual(["unknown-field"]);
    await client.sendRequest("shutdown");
    await client.sendNotification("exit");
    expect(await exited).toBe(0);
    expect(stderr).toBe("");
    client.dispose();
  });

  it("names what is wrong with a transport it does not speak, in one line, exit status 2", async () => {
    const off = await runCli(["lsp", "--no-stdio"]);
    expect([off.code, off.stderr]).toEqual([
      2,
      "tdss: --no-stdio: tdss lsp speaks only over standard input and output\n",
    ]);
    const socket = await runCli(["lsp", "--socket=7000"]);
    expect(socket.code).toBe(2);
    expect(socket.stderr.split("\n")[0]).toBe("tdss: Unknown argument: socket");
  });
});
