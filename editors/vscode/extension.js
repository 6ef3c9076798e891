// The VS Code side of Rulebook Studio: starts `rulebook lsp --stdio` and hands it the workspace's Markdown files (.mdx
// pages by name: VS Code has no MDX language of its own) and rulebook.yaml. Everything else (which files form a
// rulebook, the findings, hovers, renames) is the server's.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  // "npx rulebook" is one setting value: the first word is the program, the rest its first arguments.
  const [command, ...args] = vscode.workspace.getConfiguration('rulebook').get('command', 'rulebook').trim().split(/\s+/);
  const server = { command, args: [...args, 'lsp', '--stdio'], options: { shell: process.platform === 'win32' } };
  client = new LanguageClient('rulebook', 'Rulebook Studio', { run: server, debug: server }, {
    documentSelector: [
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', pattern: '**/*.mdx' },
      { scheme: 'file', pattern: '**/rulebook.yaml' },
    ],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
