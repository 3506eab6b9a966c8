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
 * One try at an account: its password typed, or a reset asked for. `account` is the account's id, or the
 * email typed when no account has it; `address` is where the try came from.
 */
export type AccountAttempt = { account: string; address: string };

/** An account's tries over a day, from every address together, may be this many times one address's. */
export const ACCOUNT_DAY_FACTOR = 10;

/**
 * Auth calls are limited per address (every call), and tries at an account twice over (decision 0021):
 * each address has a few per quarter hour at each account, so a stranger who fails locks out only their own
 * address, and the account has ten times that over a day from all addresses together, which stops guessing
 * spread over many addresses. Once the day's tries ran out, only the addresses the account's owner signed in
 * from may still try. In memory on one instance; in Redis when the clinic runs as many.
 */
export class AuthRateLimits {
  private readonly perAddress: RateLimiterAbstract;
  private readonly perAccountAndAddress: RateLimiterAbstract;
  private readonly perAccountDaily: RateLimiterAbstract;

  constructor(options: { perMinutePerAddress: number; accountFailuresPer15Minutes: number; redis?: Redis }) {
    const make = (keyPrefix: string, points: number, duration: number) =>
      options.redis
        ? new RateLimiterRedis({ storeClient: options.redis, keyPrefix, points, duration })
        : new RateLimiterMemory({ keyPrefix, points, duration });
    const tries = options.accountFailuresPer15Minutes;
    this.perAddress = make('auth-address', options.perMinutePerAddress, 60);
    this.perAccountAndAddress = make('auth-account-address', tries, 15 * 60);
    this.perAccountDaily = make('auth-account-day', tries * ACCOUNT_DAY_FACTOR, 24 * 60 * 60);
  }

  async consumeAddress(address: string) {
    await consume(this.perAddress, address);
  }

  /**
   * An onRequest hook for the calls a visitor can make without an account (sign-in, sign-up, resets, the second
   * step, passkeys): each one counts against its address before its body is even read.
   */
  readonly limitByAddress = async (request: { ip: string }) => this.consumeAddress(request.ip);

  /**
   * Refuses, without spending a try, when this address used up its tries at the account, or when the account
   * used up its day's tries and `isOwnersAddress` says the address is not one its owner signed in from.
   */
  async assertAccountAllowed(attempt: AccountAttempt, isOwnersAddress: () => Promise<boolean>) {
    const [fromAddress, daily] = await Promise.all([
      this.perAccountAndAddress.get(pairKey(attempt)),
      this.perAccountDaily.get(attempt.account),
    ]);
    if (exhausted(this.perAccountAndAddress, fromAddress)) throw tooMany(fromAddress.msBeforeNext);
    if (exhausted(this.perAccountDaily, daily) && !(await isOwnersAddress()))
      throw tooMany(daily.msBeforeNext);
  }

  /** Counts a wrong password, or a reset asked for, against both limits. */
  async recordAccountAttempt(attempt: AccountAttempt) {
    await Promise.all([
      consume(this.perAccountAndAddress, pairKey(attempt), { throwWhenExhausted: false }),
      consume(this.perAccountDaily, attempt.account, { throwWhenExhausted: false }),
    ]);
  }

  /** The right password: this address starts again. The day's count stays, as guessing may go on elsewhere. */
  async clearAddress(attempt: AccountAttempt) {
    await this.perAccountAndAddress.delete(pairKey(attempt));
  }

  /** A new password makes the guesses at the old one moot: the account's day starts again. */
  async clearAccountDay(account: string) {
    await this.perAccountDaily.delete(account);
  }
}

const pairKey = ({ account, address }: AccountAttempt) => `${address} ${account}`;

function exhausted(limiter: RateLimiterAbstract, state: RateLimiterRes | null): state is RateLimiterRes {
  return state !== null && state.consumedPoints >= limiter.points;
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
    await consume(this.reads, address, { message: PUBLIC_BOOKING_ERRORS.tooManyRequests });
  }

  async consumeRequest(address: string) {
    await consume(this.requests, address, { message: PUBLIC_BOOKING_ERRORS.tooManyRequests });
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
  { throwWhenExhausted = true, message = TOO_MANY }: { throwWhenExhausted?: boolean; message?: string } = {},
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
