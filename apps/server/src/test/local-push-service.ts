import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/**
 * A real push service on 127.0.0.1 for the tests and the bench: `web-push-testing`'s RFC 8030 endpoint, which checks
 * the VAPID signature (RFC 8292) and decrypts each push (RFC 8291) the way a browser would, and keeps what it
 * received. Its own start-up listens on every interface, so its request handler is served from a loopback server
 * here; `answerNext` makes the endpoint answer with other statuses first (503, 429) to exercise retries.
 */
const require = createRequire(import.meta.url);
interface PushApiModel {
  notifyUrl: string;
}
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => PushApiModel };
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushApiModel,
  port: number,
) => { _app: http.RequestListener; setRequestHandlers(): void };

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface LocalPushService {
  url: string;
  /** A subscription as a browser would make one for this application server key. */
  subscribe(applicationServerKey: string): Promise<LocalSubscription>;
  /** The decrypted payloads the endpoint received, oldest first. */
  messages(subscription: LocalSubscription): Promise<string[]>;
  /** The subscription is gone: its endpoint answers 410 from now on. */
  expire(subscription: LocalSubscription): Promise<void>;
  /** The next pushes to the subscription are answered with these statuses, one each, before it takes them again. */
  answerNext(subscription: LocalSubscription, ...statuses: number[]): void;
  /** Called with the time each push reached the endpoint (the bench's stopwatch). */
  onPush(listener: (clientHash: string, at: number) => void): void;
  stop(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, 0);
  service.setRequestHandlers();
  const scripted = new Map<string, number[]>();
  const listeners: ((clientHash: string, at: number) => void)[] = [];
  const server = http.createServer((request, response) => {
    const clientHash = /^\/notify\/([0-9a-f]+)$/.exec(request.url ?? '')?.[1];
    if (clientHash) {
      const at = performance.now();
      for (const listener of listeners) listener(clientHash, at);
      const status = scripted.get(clientHash)?.shift();
      if (status) {
        request.resume();
        response.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end();
        return;
      }
    }
    service._app(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;
  const post = async (path: string, body: object) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: unknown };
  };
  return {
    url,
    subscribe: async (applicationServerKey) =>
      (await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })).data as LocalSubscription,
    messages: async (subscription) =>
      ((await post('/get-notifications', { clientHash: subscription.clientHash })).data as { messages: string[] }).messages,
    expire: async (subscription) => {
      const response = await fetch(`${url}/expire-subscription/${subscription.clientHash}`, { method: 'POST' });
      if (!response.ok) throw new Error(`expire-subscription: ${response.status}`);
    },
    answerNext: (subscription, ...statuses) => scripted.set(subscription.clientHash, statuses),
    onPush: (listener) => void listeners.push(listener),
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
