import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { processInfo, recoverDataDirectory } from './db/orphaned-postgres.ts';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink.ts';
import { mainProcessArgs, SERVER_DIR } from './test/main-process.ts';

/**
 * Issue 13: a server killed hard (SIGKILL, as an out-of-memory kill or a host crash does) in the middle of a burst
 * of writes. The real `main.ts` runs as a child process over its own DATA_DIR with the embedded PostgreSQL and
 * real SMTP (a sink in this process). After the kill its postgres is left running, orphaned; the next start over
 * the same directory must come up, every write that was answered OK must be there, and every e-mail those writes
 * queued must reach the SMTP server exactly once (none twice, across both lives of the server), or, for the one
 * delivery the kill may cut off mid-SMTP, stay recorded as SENDING (docs/decisions/0003-email-outbox.md).
 */
const dataDir = path.join(os.tmpdir(), `listwise-crash-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
const postgresDir = path.join(dataDir, 'postgres');
const DEMO_PASSWORD = 'listwise-demo';
const PASSWORD = 'correct-horse-battery';
const children: ChildProcess[] = [];
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((child) => exited(child, 20_000)));
  // Whatever a failed run left behind (an orphaned postgres) goes with the directory.
  await recoverDataDirectory(postgresDir).catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
  await smtp?.close();
});

function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

interface RunningChild {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts `main.ts` over the shared DATA_DIR and waits (bounded) until it says it is running. */
async function startListwise(): Promise<RunningChild> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'info',
    SEED_DEMO_DATA: 'true',
    RATE_LIMIT_MAX: '1000',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, mainProcessArgs(), { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Listwise did not start in time:\n${output}`)), 150_000);
    const check = () => {
      if (output.includes('Listwise is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Listwise exited (${code ?? signal}) before it was running:\n${output}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

async function gql<T>(url: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) { token } }`;
const SIGN_UP = `mutation($email: String!, $password: String!) { createAgentUser(email: $email, password: $password) { token } }`;
const NOTE = `mutation($id: ID!, $info: String) { updatePropertySaleInformation(propertyId: $id, additionalInformation: $info) { id } }`;
const APPOINTMENT = `mutation($id: ID!, $date: String, $time: String) {
  requestAppointmentForAgentFromPropertyAppraisal(propertyAppraisalId: $id, appointmentDate: $date, appointmentTime: $time) { id }
}`;
const APPRAISALS = `{ myProperties(first: 20) { edges { node { id propertyAppraisals { id appointmentRequestedBySeller } } } } }`;

const login = async (url: string, email: string, password: string) =>
  (await gql<{ login: { token: string } }>(url, LOGIN, { email, password })).login.token;

/** A date a few days out that is not a Sunday (appointments are refused on Sundays and in the past). */
function appointmentDate(): string {
  const date = new Date(Date.now() + 4 * 86_400_000);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The outbox of the running server, read straight from its embedded PostgreSQL (port in postmaster.pid). */
async function outboxOf() {
  const port = (await fs.readFile(path.join(postgresDir, 'postmaster.pid'), 'utf8')).split('\n')[3];
  const client = new pg.Client({ connectionString: `postgres://listwise:listwise@127.0.0.1:${port}/listwise` });
  await client.connect();
  return {
    statuses: async () =>
      (
        await client.query<{ to_address: string; subject: string; status: string }>(
          'select to_address, subject, status from email_messages',
        )
      ).rows,
    close: () => client.end(),
  };
}

const header = (data: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(data)?.[1]?.trim();
const isAlive = async (pid: number) => !!(await processInfo(pid)) && !(await processInfo(pid))!.isZombie;

it(
  'comes back after SIGKILL in a burst of writes: the orphaned postgres is shut down, nothing answered OK is lost, each e-mail is sent once',
  { timeout: 300_000 },
  async () => {
    const first = await startListwise();

    // ——— Before the burst: the demo seller, a draft of theirs and an appraisal they can ask an appointment of. ———
    const sellerToken = await login(first.url, 'seller@listwise.test', DEMO_PASSWORD);
    const { searchSuburbs } = await gql<{ searchSuburbs: { id: string }[] }>(
      first.url,
      `{ searchSuburbs(query: "Bondi", first: 1) { id } }`,
    );
    const draft = await gql<{ startNewDraftProperty: { id: string } }>(
      first.url,
      `mutation($suburbId: ID!) { startNewDraftProperty(suburbId: $suburbId, streetName: "Crash Street", streetNumber: "9") { id } }`,
      { suburbId: searchSuburbs[0]!.id },
      sellerToken,
    );
    const draftId = draft.startNewDraftProperty.id;
    const properties = await gql<{
      myProperties: { edges: { node: { propertyAppraisals: { id: string; appointmentRequestedBySeller: boolean }[] } }[] };
    }>(first.url, APPRAISALS, {}, sellerToken);
    const appraisal = properties.myProperties.edges.flatMap((e) => e.node.propertyAppraisals).find((a) => !a.appointmentRequestedBySeller);
    expect(appraisal, 'the demo seller has an appraisal without an appointment').toBeDefined();

    // ——— The burst: sign-ups (each queues a verification e-mail), a chain of draft updates, an appointment request
    // (which queues two e-mails), all in flight together; the server is killed once some have been answered. ———
    const signedUp: string[] = [];
    let lastNoteAnswered = 0;
    let noteSent = 0;
    let appointmentAnswered = false;
    let killed = false;
    const killWhenEnoughAnswered = () => {
      if (!killed && signedUp.length >= 6 && lastNoteAnswered >= 2) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    const signUps = Array.from({ length: 40 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 15));
      const email = `crash.${i}.${crypto.randomBytes(3).toString('hex')}@example.com`;
      try {
        await gql(first.url, SIGN_UP, { email, password: PASSWORD });
        signedUp.push(email); // answered OK, even if the answer arrived as the kill went out
        killWhenEnoughAnswered();
      } catch {
        // Cut off by the kill: it may or may not have committed, and nobody was told either way.
      }
    });
    const notes = (async () => {
      while (!killed) {
        const k = ++noteSent;
        try {
          await gql(first.url, NOTE, { id: draftId, info: `crash note ${k}` }, sellerToken);
          lastNoteAnswered = k;
          killWhenEnoughAnswered();
        } catch {
          return;
        }
      }
    })();
    const appointment = gql(first.url, APPOINTMENT, { id: appraisal!.id, date: appointmentDate(), time: '10:00:00' }, sellerToken)
      .then(() => (appointmentAnswered = true))
      .catch(() => undefined);
    await Promise.all([...signUps, notes, appointment]);
    await exited(first.child, 10_000);
    expect(killed, 'the server was killed mid-burst').toBe(true);
    expect(first.child.signalCode).toBe('SIGKILL');

    // What `kill -9` leaves: the embedded postgres of the dead server, still running over the data directory.
    const orphanPid = Number((await fs.readFile(path.join(postgresDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(await isAlive(orphanPid), 'the killed server left its postgres running').toBe(true);

    // ——— The next start over the same directory comes up, having shut the orphan down. ———
    const second = await startListwise();
    expect(second.output()).toContain('found the embedded PostgreSQL of a server that was killed');
    expect(await isAlive(orphanPid)).toBe(false);
    expect(await (await fetch(`${second.url}/health`)).json()).toEqual({ status: 'ok' });

    // Every write answered OK is there.
    for (const email of signedUp) expect(await login(second.url, email, PASSWORD), email).toEqual(expect.any(String));
    const sellerAgain = await login(second.url, 'seller@listwise.test', DEMO_PASSWORD);
    const { currentDraftProperty } = await gql<{ currentDraftProperty: { id: string; additionalInformation: string | null } }>(
      second.url,
      `{ currentDraftProperty { id additionalInformation } }`,
      {},
      sellerAgain,
    );
    expect(currentDraftProperty.id).toBe(draftId);
    // The last update answered, or the one after it (in flight at the kill: committed or not, never half).
    expect([`crash note ${lastNoteAnswered}`, `crash note ${lastNoteAnswered + 1}`]).toContain(currentDraftProperty.additionalInformation);
    if (appointmentAnswered) {
      const after = await gql<{
        myProperties: { edges: { node: { propertyAppraisals: { id: string; appointmentRequestedBySeller: boolean }[] } }[] };
      }>(second.url, APPRAISALS, {}, sellerAgain);
      const requested = after.myProperties.edges.flatMap((e) => e.node.propertyAppraisals).find((a) => a.id === appraisal!.id);
      expect(requested!.appointmentRequestedBySeller).toBe(true);
    }

    // Every e-mail those writes queued reaches the SMTP server once, except one whose SMTP exchange the kill cut
    // off: the server cannot know whether SMTP took it, so it is not sent again but stays recorded as SENDING.
    const sentTo = (address: string, subject: string) =>
      smtp.received.filter((mail) => mail.to.includes(`<${address}>`) && header(mail.data, 'Subject') === subject);
    const expected = [...signedUp.map((email) => ({ email, subject: 'Verify your email for Listwise' }))];
    if (appointmentAnswered) expected.push({ email: 'seller@listwise.test', subject: 'Your appointment request has been sent' });
    const outbox = await outboxOf();
    const statusOf = async ({ email, subject }: { email: string; subject: string }) =>
      (await outbox.statuses()).filter((row) => row.to_address === email && row.subject === subject).map((row) => row.status);
    try {
      await expect
        .poll(
          async () => {
            const undelivered = [];
            for (const mail of expected) {
              if (sentTo(mail.email, mail.subject).length === 0) undelivered.push({ ...mail, status: await statusOf(mail) });
            }
            return undelivered.filter((mail) => mail.status.join() !== 'SENDING');
          },
          { timeout: 30_000, interval: 250 },
        )
        .toEqual([]);
      const cutOff = [];
      for (const mail of expected) {
        const received = sentTo(mail.email, mail.subject).length;
        const status = await statusOf(mail);
        expect(status, `${mail.subject} to ${mail.email}: one message`).toHaveLength(1);
        if (status[0] === 'SENDING') cutOff.push(mail);
        else expect([received, status[0]], `${mail.subject} to ${mail.email}`).toEqual([1, 'SENT']);
      }
      // One delivery runs at a time, so at most one was under way at the kill.
      expect(cutOff.length).toBeLessThanOrEqual(1);
    } finally {
      await outbox.close();
    }
    const messageIds = smtp.received.map((mail) => header(mail.data, 'Message-ID'));
    expect(messageIds.every(Boolean)).toBe(true);
    expect(new Set(messageIds).size, 'no message was sent twice').toBe(messageIds.length);

    // And it still stops cleanly, taking its postgres with it.
    second.child.kill('SIGTERM');
    await exited(second.child, 20_000);
    expect(second.child.exitCode).toBe(0);
    await expect(fs.access(path.join(postgresDir, 'postmaster.pid'))).rejects.toThrow();
  },
);
