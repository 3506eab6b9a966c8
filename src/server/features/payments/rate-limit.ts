import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { DONATION_ERRORS } from '../../../shared/donations';
import { AppError } from '../../platform/errors';

/**
 * The public money calls (creating a donation's intent, confirming it, the test provider's card confirm):
 * each counts per address per minute, in Redis across instances when there is one. The key is the address only.
 */
export class PaymentRateLimits {
  private readonly calls: RateLimiterAbstract;

  constructor(options: { perMinute: number; redis?: Redis }) {
    const keyPrefix = 'payment-calls';
    this.calls = options.redis
      ? new RateLimiterRedis({
          storeClient: options.redis,
          keyPrefix,
          points: options.perMinute,
          duration: 60,
        })
      : new RateLimiterMemory({ keyPrefix, points: options.perMinute, duration: 60 });
  }

  async consume(address: string) {
    try {
      await this.calls.consume(address);
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw new AppError('RATE_LIMITED', DONATION_ERRORS.tooManyRequests, {
          retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
        });
      throw error;
    }
  }
}
