import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { isTestGateway } from '../ports/payments/test-gateway.ts';

/**
 * The test gateway's one browser-facing call, standing in for Stripe.js confirming a setup intent:
 * POST /payments/test-gateway/confirm-setup { clientSecret, card: { number, expMonth, expYear, cvc }, billingDetails: { name } }
 * → 200 { setupIntent: { id, status, paymentMethod } } | 402 { error: { type, code, message } } | 400 for a malformed body.
 * The client secret is the capability (as at Stripe). The card number is never stored or logged.
 * Registered only while the built-in test gateway is in use.
 */
const bodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.coerce.number().int(),
    expYear: z.coerce.number().int(),
    cvc: z.string().max(8),
  }),
  billingDetails: z.object({ name: z.string().max(200).nullish() }).optional(),
});

export function registerTestGatewayRoutes(app: FastifyInstance, deps: Deps) {
  const gateway = deps.payments;
  if (!isTestGateway(gateway)) return;
  app.post('/payments/test-gateway/confirm-setup', { logLevel: 'warn' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = bodySchema.safeParse(req.body);
    if (!parsed.success) {
      return reply.status(400).send({ error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Unexpected error' } });
    }
    const { clientSecret, card, billingDetails } = parsed.data;
    const result = await gateway.confirmSetupIntent({ clientSecret, card, billingName: billingDetails?.name ?? null }, deps.clock.now());
    if ('error' in result) return reply.status(result.error.type === 'card_error' ? 402 : 400).send(result);
    return result;
  });
}
