import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
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

function tooMany(msBeforeNext: number) {
  return new AppError('RATE_LIMITED', TOO_MANY, {
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });
}

async function consume(limiter: RateLimiterAbstract, key: string, throwWhenExhausted = true) {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      if (throwWhenExhausted) throw tooMany(error.msBeforeNext);
      return;
    }
    throw error;
  }
}
