import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { PUBLIC_BOOKING_ERRORS } from '../../shared/public-booking';
import { AppError } from './errors';

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/**
 * Auth calls are limited per address (every call) and per account (failed sign-ins, reset requests).
 * In memory on one instance; in Redis when the clinic runs as many.
 */
export class AuthRateLimits {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;
  private readonly accountAttempts: number;

  constructor(options: { perMinutePerAddress: number; accountFailuresPer15Minutes: number; redis?: Redis }) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points, duration })
        : new RateLimiterMemory({ keyPrefix, points, duration });
    this.accountAttempts = options.accountFailuresPer15Minutes;
    this.perAddress = make('auth-address', options.perMinutePerAddress, 60);
    this.perAccount = make('auth-account', options.accountFailuresPer15Minutes, 15 * 60);
  }

  async consumeAddress(address: string) {
    await consume(this.perAddress, address);
  }

  /** Refuses when the account already used up its attempts, without spending one. */
  async assertAccountAllowed(account: string) {
    const state = await this.perAccount.get(account);
    if (state && state.consumedPoints >= this.accountAttempts) throw tooMany(state.msBeforeNext);
  }

  async recordAccountAttempt(account: string) {
    await consume(this.perAccount, account, false);
  }

  async clearAccount(account: string) {
    await this.perAccount.delete(account);
  }
}

/**
 * The public booking calls, which anyone may make: every call counts per address per minute, and each
 * booking request sent (which writes and emails) per address per hour. In Redis across instances, like the
 * auth limits; the keys name the address only.
 */
export class PublicBookingRateLimits {
  private readonly reads: RateLimiterAbstract;
  private readonly requests: RateLimiterAbstract;

  constructor(options: { readsPerMinute: number; requestsPerHour: number; redis?: Redis }) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points, duration })
        : new RateLimiterMemory({ keyPrefix, points, duration });
    this.reads = make('public-booking-calls', options.readsPerMinute, 60);
    this.requests = make('public-booking-requests', options.requestsPerHour, 60 * 60);
  }

  async consumeCall(address: string) {
    await consume(this.reads, address, true, PUBLIC_BOOKING_ERRORS.tooManyRequests);
  }

  async consumeRequest(address: string) {
    await consume(this.requests, address, true, PUBLIC_BOOKING_ERRORS.tooManyRequests);
  }
}

function tooMany(msBeforeNext: number, message = TOO_MANY) {
  return new AppError('RATE_LIMITED', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  throwWhenExhausted = true,
  message = TOO_MANY,
) {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      if (throwWhenExhausted) throw tooMany(error.msBeforeNext, message);
      return;
    }
    throw error;
  }
}
