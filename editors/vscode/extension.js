// Starts the Mire language server (`mire lsp`) for .mire files. Highlighting needs none of this:
// it comes from syntaxes/mire.tmLanguage.json.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("mire").get("server.command", ["mire", "lsp"]);
  if (!Array.isArray(command) || command.length === 0) {
    return;
  }
  client = new LanguageClient(
    "mire",
    "Mire language server",
    { command: command[0], args: command.slice(1) },
    { documentSelector: [{ scheme: "file", language: "mire" }, { scheme: "untitled", language: "mire" }] }
  );
  client.start();
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
