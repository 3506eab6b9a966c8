import Stripe from 'stripe';
import { PAYMENT_ERRORS } from '../../../shared/payments';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../platform/errors';
import type {
  PaymentProvider,
  ProviderCharge,
  ProviderEvent,
  ProviderIntent,
  ProviderSetup,
} from './provider';

type StripeConfig = NonNullable<Config['stripe']>;

const providerFailed = () => new AppError('CONFLICT', PAYMENT_ERRORS.providerFailed);

/**
 * Stripe through its SDK. Card details go from the browser to Stripe only; the server creates intents, reads
 * them back, refunds, and verifies the signature of Stripe's webhook calls.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.stripe = new Stripe(config.secretKey, {
      host: config.host,
      port: config.port,
      protocol: config.protocol,
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createIntent(amountCents: number, currency: string, metadata: Record<string, string>) {
    const intent = await this.stripe.paymentIntents
      .create({ amount: amountCents, currency, metadata, automatic_payment_methods: { enabled: true } })
      .catch((error: unknown) => {
        throw this.refusal(error);
      });
    if (!intent.client_secret) throw providerFailed();
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return {
        id: intent.id,
        status: intent.status,
        amountCents: intent.amount,
        currency: intent.currency,
        last4: charge?.payment_method_details?.card?.last4 ?? undefined,
        metadata: { ...intent.metadata },
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw this.refusal(error);
    }
  }

  async refund(id: string, amountCents?: number, key?: string) {
    await this.stripe.refunds
      .create(
        { payment_intent: id, ...(amountCents === undefined ? {} : { amount: amountCents }) },
        { idempotencyKey: key ? `refund-${key}` : `refund-${id}-${amountCents ?? 'all'}` },
      )
      .catch((error: unknown) => {
        // Refunding what Stripe already refunded is what asking again means.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return;
        throw this.refusal(error);
      });
  }

  async createCustomer(metadata: Record<string, string>) {
    const customer = await this.stripe.customers.create({ metadata }).catch((error: unknown) => {
      throw this.refusal(error);
    });
    return customer.id;
  }

  async createSetupIntent(customerId: string, metadata: Record<string, string>) {
    const setup = await this.stripe.setupIntents
      .create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata,
      })
      .catch((error: unknown) => {
        throw this.refusal(error);
      });
    if (!setup.client_secret) throw providerFailed();
    return { id: setup.id, clientSecret: setup.client_secret };
  }

  async retrieveSetupIntent(id: string): Promise<ProviderSetup | null> {
    try {
      const setup = await this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] });
      const method = typeof setup.payment_method === 'object' ? setup.payment_method : null;
      const card = method?.card;
      return {
        id: setup.id,
        status: setup.status,
        customerId: typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null),
        metadata: { ...setup.metadata },
        card:
          method && card
            ? {
                paymentMethodId: method.id,
                brand: card.brand,
                last4: card.last4,
                expMonth: card.exp_month,
                expYear: card.exp_year,
              }
            : null,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw this.refusal(error);
    }
  }

  async chargeSavedCard(charge: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: charge.amountCents,
          currency: charge.currency,
          customer: charge.customerId,
          payment_method: charge.paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: charge.metadata,
        },
        { idempotencyKey: `saved-card-${charge.idempotencyKey}` },
      );
      const known = await this.retrieveIntent(intent.id);
      return { intent: known ?? this.intentOf(intent), declineMessage: null };
    } catch (error) {
      // A refused card: Stripe answers the intent it made along with the card's message.
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent)
        return { intent: this.intentOf(error.payment_intent), declineMessage: error.message };
      throw this.refusal(error);
    }
  }

  async detachPaymentMethod(paymentMethodId: string) {
    await this.stripe.paymentMethods.detach(paymentMethodId).catch((error: unknown) => {
      // Detaching what is no longer attached is what asking again means.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw this.refusal(error);
    });
  }

  private intentOf(intent: Stripe.PaymentIntent): ProviderIntent {
    return {
      id: intent.id,
      status: intent.status,
      amountCents: intent.amount,
      currency: intent.currency,
      metadata: { ...intent.metadata },
    };
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent {
    if (!this.config.webhookSecret || !signatureHeader) throw badRequest(PAYMENT_ERRORS.badSignature);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.config.webhookSecret);
    } catch {
      throw badRequest(PAYMENT_ERRORS.badSignature);
    }
    const object = event.data.object as { object?: string; id?: string };
    return {
      id: event.id,
      type: event.type,
      intentId: object.object === 'payment_intent' && object.id ? object.id : null,
    };
  }

  /** Stripe's own message for a request it refused (it names no card data); a generic one otherwise. */
  private refusal(error: unknown) {
    if (
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeInvalidRequestError
    )
      return new AppError('CONFLICT', error.message);
    return providerFailed();
  }
}
