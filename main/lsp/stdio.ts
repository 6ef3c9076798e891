/** The language server on this process's stdin and stdout, as editors start it; resolves when the client goes away. */
import { createConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { serveRulebooks } from './server.js';

export async function serveOnStdio(): Promise<void> {
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  serveRulebooks(connection);
  connection.listen();
  // The library ends the process on the client's `exit`; a closed stdin (the editor gone) ends the serving too.
  await new Promise<void>((resolve) => process.stdin.on('close', resolve));
}
