import net from 'node:net';

/**
 * A minimal SMTP server on 127.0.0.1 for tests (greeting, EHLO, MAIL, RCPT, DATA, QUIT): records what a client
 * sends, or refuses every recipient so the failure reaches the caller.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  close: () => Promise<void>;
}

export async function startSmtpSink(options: { rejectRecipients?: boolean } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let isReadingData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (isReadingData) {
          if (line === '.') {
            isReadingData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (command === 'MAIL') {
          current.from = line.replace(/^MAIL FROM:\s*/i, '');
          socket.write('250 2.1.0 ok\r\n');
        } else if (command === 'RCPT') {
          if (options.rejectRecipients) socket.write('550 5.1.1 mailbox unavailable\r\n');
          else {
            current.to.push(line.replace(/^RCPT TO:\s*/i, ''));
            socket.write('250 2.1.5 ok\r\n');
          }
        } else if (command === 'DATA') {
          isReadingData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else if (command === 'RSET' || command === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 5.5.2 not implemented\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
